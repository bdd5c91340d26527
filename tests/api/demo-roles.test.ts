import { describe, expect, it } from 'vitest';
import { accountInfoContract } from '../../src/lib/accounts/contract';
import { baseRoles, demoAccounts } from '../../src/lib/server/db/demo-roles';
import { raw, signedInAs, tokensFor } from './helpers';

/**
 * The demo roles as the server seeds them: the same lists the README's table is generated from
 * (src/lib/server/db/demo-roles-table.ts), and the screens docs/decisions.md ("Demo roles") gives or takes
 * from each, as a person signed in as that account meets them: the page opens (200) or the guard sends the
 * account away (302 with ?refused=), and the screen's API answers 403.
 */
const sorted = (list: readonly string[]) => [...list].sort();
const tokens = new Map<string, Promise<string>>();
/** One sign-in per demo account for the whole file. */
const tokenOf = (username: string) => {
  if (!tokens.has(username)) tokens.set(username, tokensFor(username).then((t) => t.accessToken));
  return tokens.get(username)!;
};

async function page(path: string, username: string) {
  const response = await raw('GET', path, { token: await tokenOf(username) });
  return response.status === 302 ? `refused (${response.headers.get('location')?.includes('refused=') ? 'named' : 'unnamed'})` : response.status;
}

describe('demo roles', () => {
  it.each(demoAccounts.filter((a) => a.role !== 'root').map((a) => [a.username, a.role]))('%s signs in with exactly the screens and actions of the seeded role %s', async (username, roleName) => {
    const role = baseRoles.find((r) => r.name === roleName)!;
    const { data } = await (await signedInAs(username))(accountInfoContract);
    expect([data.role, sorted(data.paths), sorted(data.privateActions)]).toEqual([roleName, sorted(role.paths), sorted(role.privateActions)]);
  });

  it('opens the screens each line of the README names, and sends each account away from the ones the decision took out', async () => {
    const cases: Array<[string, string, number | string]> = [
      // Marketing: revenue and its own UA cost (imports it, reads it in Statistic MKT, exports the month report).
      ['marketing', '/finance/statistic/index', 200],
      ['marketing', '/finance/statistic_mkt', 200],
      ['marketing', '/finance/revenue', 200],
      ['marketing', '/finance/reconciliation', 200],
      ['marketing', '/finance/reportMonth', 200],
      ['marketing', '/finance/import/uploadExcel/importCost', 200],
      ['marketing', '/research/index', 200],
      ['marketing', '/hcns/worklog', 200],
      ['marketing', '/finance/reportYear', 'refused (named)'],
      ['marketing', '/finance/statistic2', 'refused (named)'],
      ['marketing', '/finance/app_detail', 'refused (named)'],
      ['marketing', '/finance/overview', 'refused (named)'],
      ['marketing', '/finance/import/uploadExcel/importIAA', 'refused (named)'],
      ['marketing', '/finance/import/studio', 'refused (named)'],
      ['marketing', '/finance/import/admob', 'refused (named)'],
      // Game designers: game events, not gift codes, mail, push or S3.
      ['designer', '/games/ranking_event/event', 200],
      ['designer', '/games/gift_code/manager', 'refused (named)'],
      ['designer', '/games/mail/mailBox', 'refused (named)'],
      ['designer', '/games/notification/push', 'refused (named)'],
      ['designer', '/aws/index', 'refused (named)'],
      // pm: no S3, and reads players' saves without the screen that edits them.
      ['pm', '/games/gift_code/manager', 200],
      ['pm', '/aws/index', 'refused (named)'],
      ['pm', '/gsm/users/find_user_firebase/update', 'refused (named)'],
      // admin (support) edits saves; analysts write research notes.
      ['admin', '/gsm/users/find_user_firebase/update', 200],
      ['analyst', '/research/index', 200],
    ];
    const seen: Array<[string, string, number | string]> = [];
    for (const [username, path] of cases) seen.push([username, path, await page(path, username)]);
    expect(seen).toEqual(cases);
  });

  it("refuses the taken-out screens' API calls too (403 before the request is read)", async () => {
    const calls: Array<[string, string, string]> = [
      ['marketing', 'POST', '/api/reportSystem/year/getData2'],
      ['marketing', 'POST', '/api/reportSystem/finance/dataVersion'],
      ['designer', 'GET', '/api/games/gift_code/list'],
      ['designer', 'GET', '/api/games/mail/list'],
      ['designer', 'GET', '/api/push/list'],
      ['designer', 'GET', '/api/appdata/aws/s3'],
      ['pm', 'GET', '/api/appdata/aws/s3'],
    ];
    const seen: Array<[string, string, string, number]> = [];
    for (const [username, method, path] of calls) {
      const token = await tokenOf(username);
      seen.push([username, method, path, (await raw(method, path, { token, body: method === 'POST' ? '{}' : undefined })).status]);
    }
    expect(seen).toEqual(calls.map((c) => [...c, 403]));
  });
});
