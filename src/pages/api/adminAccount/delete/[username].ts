import { deleteAccountContract } from '../../../../lib/accounts/contract';
import { deleteAccount } from '../../../../lib/accounts/admin-service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const DELETE = endpoint(deleteAccountContract, async ({ username }, ctx) => {
  await deleteAccount(await ready(), ctx, username);
  return { data: { username } };
});
