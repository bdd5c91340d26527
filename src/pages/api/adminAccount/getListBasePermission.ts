import { basePermissionContract } from '../../../lib/roles/contract';
import { basePermissions } from '../../../lib/roles/service';
import { endpoint } from '../../../lib/server/endpoint';

export const GET = endpoint(basePermissionContract, async () => ({ data: basePermissions() }));
