import { handle, type ApiHandler } from '../server/api/handler';
import { healthContract } from './contract';

/** Liveness: answering at all means start-up (migrations, seed) finished. */
export const systemApi: ApiHandler[] = [handle(healthContract, async (_input, ctx) => ({ data: { database: ctx.db.kind } }))];
