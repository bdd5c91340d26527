import { saveTeamContract } from '../../../../lib/config-data/contract';
import { saveTeam } from '../../../../lib/config-data/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const POST = endpoint(saveTeamContract, async (input, ctx) => ({ data: await saveTeam(await ready(), ctx, input) }));
