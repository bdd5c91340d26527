import { z } from 'zod';
import { defineContract, emptyRequest } from '../contract';

/** Liveness for ops and for `npm start`, which calls it once to open the database before announcing. */
export const healthContract = defineContract({
  method: 'GET',
  path: '/api/health',
  request: emptyRequest,
  data: z.object({ database: z.enum(['pglite', 'postgres']) }),
  access: 'public',
});
