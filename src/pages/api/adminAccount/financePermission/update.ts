import { financePermissionUpdateContract } from '../../../../lib/accounts/contract';
import { updateFinancePermission } from '../../../../lib/accounts/admin-service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const POST = endpoint(financePermissionUpdateContract, async (input, ctx) => ({ data: await updateFinancePermission(await ready(), ctx, input) }));
