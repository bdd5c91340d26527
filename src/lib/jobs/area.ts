import { defineArea } from '../area';
import { jobsApi } from './api';
import { listJobs } from './service';

export const jobsArea = defineArea({
  name: 'jobs',
  api: jobsApi,
  resourcePages: { jobs: async (db) => ({ context: {}, initialRows: await listJobs(db) }) },
});
