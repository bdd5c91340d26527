import { defineArea } from '../area';
import { historyApi } from './api';

export const historyArea = defineArea({ name: 'history', api: historyApi });
