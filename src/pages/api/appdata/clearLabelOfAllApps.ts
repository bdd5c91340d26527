import { clearLabelOfAllAppsContract } from '../../../lib/apps/contract';
import { clearLabelOfAllApps } from '../../../lib/apps/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const DELETE = endpoint(clearLabelOfAllAppsContract, async ({ label }, ctx) => ({ data: { label, apps: await clearLabelOfAllApps(await ready(), ctx, label) } }));
