import { resetPasswordContract } from '../../../../lib/accounts/contract';
import { resetPassword } from '../../../../lib/accounts/admin-service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const POST = endpoint(resetPasswordContract, async ({ username }, ctx) => ({ data: { password: await resetPassword(await ready(), ctx, username) } }));
