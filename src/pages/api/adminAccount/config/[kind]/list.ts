import { configKindRoute } from '../../../../../lib/config-data/route-kind';
import { configContracts } from '../../../../../lib/config-data/contract';
import { listConfig } from '../../../../../lib/config-data/service';
import { ready } from '../../../../../lib/server/db';
import { endpoint } from '../../../../../lib/server/endpoint';

export const GET = configKindRoute((kind) => endpoint(configContracts[kind].list, async (q, c) => ({ data: await listConfig(await ready(), kind, c.account, q) })));
