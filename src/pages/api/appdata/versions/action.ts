import { versionActionContract } from '../../../../lib/apps/contract';
import { saveManualVersion } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const POST = endpoint(versionActionContract, async (input, ctx) => ({ data: await saveManualVersion(await ready(), ctx, input) }));
