import { z } from 'zod';
import { defineContract, emptyRequest } from '../../lib/contract';
import { ready } from '../../lib/server/db';
import { endpoint } from '../../lib/server/endpoint';

export const healthContract = defineContract({
  method: 'GET',
  path: '/api/health',
  request: emptyRequest,
  data: z.object({ database: z.enum(['pglite', 'postgres']) }),
  access: 'public',
});

/** Liveness for ops and for `npm start`, which calls it once to open the database before announcing. */
export const GET = endpoint(healthContract, async () => ({ data: { database: (await ready()).kind } }));
