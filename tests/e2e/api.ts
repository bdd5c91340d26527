import { loginContract } from '../../src/lib/auth/contract';
import { createRequester, type Requester } from '../../src/lib/http/requester';
import { DEMO_PASSWORD } from '../support/test-server';

/** The app's typed requester signed in as an account, to prepare data the way a script would. */
export async function apiAs(username: string, password = DEMO_PASSWORD, baseUrl = process.env.E2E_BASE_URL!): Promise<Requester> {
  const { data } = await createRequester({ baseUrl })(loginContract, { username, password });
  return createRequester({ baseUrl, headers: { authorization: `Bearer ${data.accessToken}` } });
}

let seq = 0;
/** A name no other test (or earlier run on the same server) uses. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${++seq}`;

/** The reporting day (UTC+7) of an instant, computed here independently of the console's code. */
export const utc7Day = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
/** A day plus n calendar days. */
export const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
