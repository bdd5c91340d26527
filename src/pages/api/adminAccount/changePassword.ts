import { changePasswordContract } from '../../../lib/accounts/contract';
import { changePassword } from '../../../lib/auth/service';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(changePasswordContract, async ({ oldPassword, newPassword }, ctx) => {
  await changePassword(await ready(), ctx.account, oldPassword, newPassword, ctx);
  return { data: { ok: true as const } };
});
