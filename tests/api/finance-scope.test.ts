import { beforeAll, describe, expect, it } from 'vitest';
import { financePermissionUpdateContract } from '../../src/lib/accounts/contract';
import { createAppContract } from '../../src/lib/apps/contract';
import { importIaaContract } from '../../src/lib/finance/import-contract';
import { commentActionContract, commentByRangeDateContract, dataMonthContract, noteActionContract, noteGetContract } from '../../src/lib/finance/month-contract';
import { dataVersionContract } from '../../src/lib/finance/more-contract';
import { IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { ownAccount, rejection, signedInAs, uniqueName, type Session } from './helpers';

/**
 * What a limited finance account sees about imports (issue 37): data versions, batches' summaries, notes and
 * comments scoped to its apps like the reports are — never the whole file's total or another team's note.
 */

let root: Session;
const MONTH = '2024-10';
const newApp = async (prefix: string) => {
  const id = `com.fin.${uniqueName(prefix).replace(/-/g, '')}`;
  await root(createAppContract, { id, name: `Scope ${id}`, os: [{ os: 1, packageId: `${id}.a` }], reportMonth: true });
  return id;
};

beforeAll(async () => {
  root = await signedInAs('root');
});

describe('a limited finance account', () => {
  it('sees only its apps\' share of an import summary, and no studio-wide note', async () => {
    const appA = await newApp('teama');
    const appB = await newApp('teamb');
    const day = (d: number) => `${MONTH}-${String(d).padStart(2, '0')}`;
    // Ten rows: A's four sum to $286.00, B's six to $1,376.00; the file holds $1,662.00.
    const rows = [
      ...[100, 86, 50, 50].map((v, i) => [day(i + 1), appA, 'Android', 'AdMob', 'USD', v]),
      ...[300, 276, 200, 200, 200, 200].map((v, i) => [day(i + 1), appB, 'Android', 'AdMob', 'USD', v]),
    ];
    const content = await xlsxBase64(rows, { sheet: 'Ad revenue', headers: IAA_HEADERS });
    const imported = await root(importIaaContract, { month: MONTH, fileName: 'both-teams.xlsx', content, commit: true });

    const rootView = (await root(dataVersionContract, { source: 'excel_iaa', limit: 200 })).data.find((b) => b.id === imported.data.batchId)!;
    expect(rootView).toMatchObject({ rows: 10, summary: `10 row(s) of ${MONTH}, $1,662.00` });

    const teamA = await ownAccount('fin-scope', { paths: ['/finance/statistic2', '/finance/reportMonth'], canViewAllApp: true });
    await root(financePermissionUpdateContract, { username: teamA.username, apps: [appA], teams: [] });
    const aView = (await teamA(dataVersionContract, { source: 'excel_iaa', limit: 200 })).data.find((b) => b.id === imported.data.batchId)!;
    expect(aView).toMatchObject({ rows: 4, summary: `4 row(s) of ${MONTH} for your apps, $286.00`, fileName: 'both-teams.xlsx' });

    // The month's note is studio-wide: read empty, not writable, by the limited account.
    await root(noteActionContract, { month: MONTH, body: `${appB} payout late` });
    expect((await teamA(noteGetContract, { month: MONTH })).data).toEqual({ month: MONTH, body: '', updatedBy: '', updatedAt: null });
    expect((await teamA(dataMonthContract, { month: MONTH })).data.note).toBe('');
    const write = await rejection(teamA(noteActionContract, { month: MONTH, body: 'mine' }));
    expect(write.status).toBe(403);
    expect((await root(noteGetContract, { month: MONTH })).data.body).toBe(`${appB} payout late`);
    // Comments: only on its apps.
    await root(commentActionContract, { action: 'create', month: MONTH, appId: appB, body: 'B only' });
    await root(commentActionContract, { action: 'create', month: MONTH, appId: appA, body: 'A only' });
    expect((await teamA(commentByRangeDateContract, { from: MONTH, to: MONTH })).data.map((c) => c.body)).toEqual(['A only']);
  });
});
