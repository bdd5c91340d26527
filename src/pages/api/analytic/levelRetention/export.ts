import { levelRetentionExportContract } from '../../../../lib/analytics/contract';
import { exportResponse } from '../../../../lib/analytics/export';
import { reportTable } from '../../../../lib/analytics/service';
import { ready } from '../../../../lib/server/db';
import { rawEndpoint } from '../../../../lib/server/endpoint';

export const GET = rawEndpoint(levelRetentionExportContract, async ({ format, ...filters }, ctx) => exportResponse(await reportTable(await ready(), ctx.account, 'levelRetention', filters), format, 'level-retention'));
