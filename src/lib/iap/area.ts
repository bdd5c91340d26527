import { defineArea } from '../area';
import { iapApi } from './api';

export const iapArea = defineArea({ name: 'iap', api: iapApi });
