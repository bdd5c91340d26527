import { defineArea } from '../area';
import { authApi } from './api';

export const authArea = defineArea({ name: 'auth', api: authApi });
