import { updateExcludeTeamsContract } from '../../../lib/accounts/contract';
import { updateExcludeTeams } from '../../../lib/accounts/admin-service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(updateExcludeTeamsContract, async (input, ctx) => ({ data: await updateExcludeTeams(await ready(), ctx, input) }));
