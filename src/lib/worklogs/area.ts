import { defineArea } from '../area';
import { worklogsApi } from './api';

export const worklogsArea = defineArea({ name: 'worklogs', api: worklogsApi });
