import { levelRetentionHandler } from '../../../../lib/analytics/service';
import { runExport } from '../../../../lib/reports/server';
import { ready } from '../../../../lib/server/db';
import { rawEndpoint } from '../../../../lib/server/endpoint';

export const GET = rawEndpoint(levelRetentionHandler.descriptor.exportContract, async (input, ctx) => runExport(levelRetentionHandler, await ready(), ctx.account, input));
