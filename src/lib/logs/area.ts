import { defineArea } from '../area';
import { logsApi } from './api';

export const logsArea = defineArea({ name: 'logs', api: logsApi });
