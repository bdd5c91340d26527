import { defineArea } from '../area';
import { testingApi } from './api';

export const testingArea = defineArea({ name: 'testing', api: testingApi });
