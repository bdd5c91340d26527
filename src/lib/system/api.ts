import { handle, type ApiHandler } from '../server/api/handler';
import { DatabaseUnavailableError } from '../server/db/unavailable';
import { demoPreparation } from '../server/demo-state';
import { healthContract } from './contract';
import { messageOf } from '../error-message';

/**
 * Health: answering at all means start-up (migrations, accounts) finished, and the database answers a query
 * now; `demo` says whether the demo studio is still being seeded behind it.
 * A load balancer or monitor polling it sees 503 while the database is out of reach.
 */
export const systemApi: ApiHandler[] = [
  handle(healthContract, async (_input, ctx) => {
    try {
      await ctx.db.one('SELECT 1 AS ok');
    } catch (error) {
      throw new DatabaseUnavailableError(messageOf(error), { cause: error });
    }
    return { data: { database: ctx.db.kind, demo: demoPreparation() } };
  }),
];
