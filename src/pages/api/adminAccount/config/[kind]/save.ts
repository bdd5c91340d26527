import { configKindRoute } from '../../../../../lib/config-data/route-kind';
import { configContracts } from '../../../../../lib/config-data/contract';
import { saveConfig } from '../../../../../lib/config-data/service';
import { ready } from '../../../../../lib/server/db';
import { endpoint } from '../../../../../lib/server/endpoint';

export const POST = configKindRoute((kind) => endpoint(configContracts[kind].save, async (input, c) => ({ data: await saveConfig(await ready(), kind, c, input as never) })));
