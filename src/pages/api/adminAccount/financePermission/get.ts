import { financePermissionGetContract } from '../../../../lib/accounts/contract';
import { getFinancePermission } from '../../../../lib/accounts/admin-service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(financePermissionGetContract, async ({ username }) => ({ data: await getFinancePermission(await ready(), username) }));
