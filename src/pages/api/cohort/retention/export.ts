import { retentionHandler } from '../../../../lib/analytics/service';
import { runExport } from '../../../../lib/reports/server';
import { ready } from '../../../../lib/server/db';
import { rawEndpoint } from '../../../../lib/server/endpoint';

export const GET = rawEndpoint(retentionHandler.descriptor.exportContract, async (input, ctx) => runExport(retentionHandler, await ready(), ctx.account, input));
