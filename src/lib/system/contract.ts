import { z } from 'zod';
import { emptyRequest, publicApi } from '../contract';

/** Liveness for ops and for `npm start`, which calls it once to open the database before announcing. */
export const healthContract = publicApi.get('/api/health', emptyRequest, z.object({ database: z.enum(['pglite', 'postgres']) }));
