import { z } from 'zod';
import { emptyRequest, publicApi } from '../contract';

/**
 * Liveness for ops and for `npm start`, which calls it once to open the database before announcing. `demo`
 * says whether the demo studio is still being seeded after start-up (`preparing`): the console answers
 * meanwhile; tests and benchmarks wait for `ready`.
 */
export const healthContract = publicApi.get(
  '/api/health',
  emptyRequest,
  z.object({ database: z.enum(['pglite', 'postgres']), demo: z.enum(['none', 'preparing', 'ready', 'failed']) }),
);
