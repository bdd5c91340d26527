import { defineArea } from '../area';
import { systemApi } from './api';

export const systemArea = defineArea({ name: 'system', api: systemApi });
