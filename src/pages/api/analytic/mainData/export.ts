import { mainDataHandler } from '../../../../lib/analytics/service';
import { runExport } from '../../../../lib/reports/server';
import { ready } from '../../../../lib/server/db';
import { rawEndpoint } from '../../../../lib/server/endpoint';

export const GET = rawEndpoint(mainDataHandler.descriptor.exportContract, async (input, ctx) => runExport(mainDataHandler, await ready(), ctx.account, input));
