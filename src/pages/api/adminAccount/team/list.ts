import { listTeamsContract } from '../../../../lib/config-data/contract';
import { listTeams } from '../../../../lib/config-data/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(listTeamsContract, async () => ({ data: await listTeams(await ready()) }));
