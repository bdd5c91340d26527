import { rollupNowContract } from '../../../lib/analytics/contract';
import { rollupPending } from '../../../lib/analytics/rollup';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

/** Rolls up pending app-days now, for at most budgetMs; call again while pending > 0. */
export const POST = endpoint(rollupNowContract, async ({ budgetMs }) => ({ data: await rollupPending(await ready(), { budgetMs }) }));
