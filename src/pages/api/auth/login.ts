import { loginContract } from '../../../lib/auth/contract';
import { setSessionCookies } from '../../../lib/auth/cookies';
import { signIn } from '../../../lib/auth/service';
import { serverConfig } from '../../../lib/server/config';
import { ready } from '../../../lib/server/db';
import { endpoint } from '../../../lib/server/endpoint';

export const POST = endpoint(loginContract, async ({ username, password }, ctx) => {
  const tokens = await signIn(await ready(), username, password, serverConfig().sessionSecret, ctx);
  setSessionCookies(ctx.astro.cookies, tokens, ctx.astro.url.protocol === 'https:');
  return { data: tokens };
});
