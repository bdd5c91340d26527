import { handle, type ApiHandler } from '../server/api/handler';
import { DatabaseUnavailableError } from '../server/db/unavailable';
import { healthContract } from './contract';
import { messageOf } from '../error-message';

/**
 * Health: answering at all means start-up (migrations, seed) finished, and the database answers a query now.
 * A load balancer or monitor polling it sees 503 while the database is out of reach.
 */
export const systemApi: ApiHandler[] = [
  handle(healthContract, async (_input, ctx) => {
    try {
      await ctx.db.one('SELECT 1 AS ok');
    } catch (error) {
      throw new DatabaseUnavailableError(messageOf(error), { cause: error });
    }
    return { data: { database: ctx.db.kind } };
  }),
];
