import { beforeAll, describe, expect, it } from 'vitest';
import { createAppContract } from '../../src/lib/apps/contract';
import { correctionUndoContract, detailUpdateContract } from '../../src/lib/finance/correction-contract';
import { importIaaContract } from '../../src/lib/finance/import-contract';
import { dataMonthContract, monthCloseContract, updateDataMonthContract } from '../../src/lib/finance/month-contract';
import { facebookMonthContract, importIapStudioContract } from '../../src/lib/finance/more-contract';
import { financeStatisticScreen } from '../../src/lib/finance/screens';
import { accountLogContract } from '../../src/lib/logs/contract';
import { IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { ownAccount, raw, rejection, signedInAs, uniqueName, type Session } from './helpers';

/**
 * Closed months (issue 37): a closed month refuses imports, corrections, undo and adjustments with a 409
 * naming the month, its figures never change, and only an account with finance_close closes or reopens it
 * (audited). A month of its own, reopened by the suite at the end.
 */

let root: Session;
let appId: string;
const MONTH = '2024-05';
const D = `${MONTH}-07`;
const iaa = (amount: number) => xlsxBase64([[D, appId, 'Android', 'AdMob', 'USD', amount]], { sheet: 'Ad revenue', headers: IAA_HEADERS });
const figures = async () => (await root(financeStatisticScreen.contract, { apps: [appId], from: `${MONTH}-01`, to: `${MONTH}-31`, by: 'app' })).data.rows[0]!;

beforeAll(async () => {
  root = await signedInAs('root');
  appId = `com.fin.${uniqueName('close').replace(/-/g, '')}`;
  await root(createAppContract, { id: appId, name: `Closing ${appId}`, os: [{ os: 1, packageId: `${appId}.a` }], reportMonth: true });
  await root(importIaaContract, { month: MONTH, fileName: 'iaa.xlsx', content: await iaa(50), commit: true });
  await root(detailUpdateContract, { appId, day: D, os: 1, kind: 'cost', name: 'Meta', amount: 4, currency: 'USD', reason: 'invoice' });
});

describe('a closed month', () => {
  it('is closed only by an account with finance_close, refuses every change with a 409 naming the month, and keeps its figures', async () => {
    const viewer = await ownAccount('fin-noclose', { paths: ['/finance/reportMonth'], canViewAllApp: true });
    const denied = await rejection(viewer(monthCloseContract, { month: MONTH, closed: true }));
    expect(denied.status).toBe(403);

    const closer = await ownAccount('fin-closer', { paths: ['/finance/reportMonth'], privateActions: ['finance_close'], canViewAllApp: true });
    const closed = await closer(monthCloseContract, { month: MONTH, closed: true });
    expect(closed.data.closed).toMatchObject({ month: MONTH, closedBy: closer.username });
    expect((await root(dataMonthContract, { month: MONTH })).data.closed).toMatchObject({ month: MONTH, closedBy: closer.username });
    const before = await figures();
    expect(before).toMatchObject({ adRevenue: 50e6, cost: 4e6 });

    const message = new RegExp(`^${MONTH} is closed \\(by ${closer.username} on \\d{4}-\\d{2}-\\d{2}\\): its figures cannot change\\. Reopen the month first\\. Nothing was written\\.$`);
    const refusals = [
      await rejection(root(importIaaContract, { month: MONTH, fileName: 'iaa-v2.xlsx', content: await iaa(70), commit: true })),
      await rejection(root(facebookMonthContract, { month: MONTH, rows: [{ appId, os: 1, campaign: 'FB', cost: 10, installs: 1, currency: 'USD' }] })),
      await rejection(root(importIapStudioContract, { month: MONTH, rows: [{ appId, os: 1, gross: 10, currency: 'USD' }] })),
      await rejection(root(detailUpdateContract, { appId, day: D, os: 1, kind: 'ads', name: 'AdMob', amount: 1, currency: 'USD', reason: 'late' })),
      await rejection(root(correctionUndoContract, { appId, day: D, os: 1, kind: 'cost', name: 'Meta', currency: 'USD' })),
      await rejection(root(updateDataMonthContract, { month: MONTH, appId, revenueAdjustment: 5, reason: 'x' })),
    ];
    for (const r of refusals) {
      expect(r.status).toBe(409);
      expect(r.message).toMatch(message);
    }
    expect(await figures()).toEqual(before);
    // Closing twice changes nothing; the refusal holds for the root account too (no right bypasses a close).
    await root(monthCloseContract, { month: MONTH, closed: true });
    expect((await root(dataMonthContract, { month: MONTH })).data.closed?.closedBy).toBe(closer.username);
    const bad = await raw('POST', '/api/reportSystem/month/close', { token: root.tokens.accessToken, body: JSON.stringify({ month: '2024-13', closed: true }) });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^month: must be a month YYYY-MM/);
  });

  it('reopens with the right, audited both ways, and takes changes again', async () => {
    await root(monthCloseContract, { month: MONTH, closed: false });
    expect((await root(dataMonthContract, { month: MONTH })).data.closed).toBeNull();
    await root(importIaaContract, { month: MONTH, fileName: 'iaa-v2.xlsx', content: await iaa(70), commit: true });
    expect(await figures()).toMatchObject({ adRevenue: 70e6, cost: 4e6 });
    const log = (await root(accountLogContract, { entity: 'finance_month', limit: 50 })).data.filter((l) => l.entityId === MONTH);
    expect(log.map((l) => l.action).slice(0, 2)).toEqual(['finance_month_reopen', 'finance_month_close']);
    expect(log[1]).toMatchObject({ before: null, after: { month: MONTH } });
  });
});

describe('closing while an import runs', () => {
  it('never lets an import land after the close: the figures read when the close answers are the figures afterwards', async () => {
    // Meaningful on PostgreSQL (the embedded database serves one statement at a time); run there in CI.
    for (let i = 1; i <= 6; i++) {
      await root(monthCloseContract, { month: MONTH, closed: false });
      const importing = root(importIaaContract, { month: MONTH, fileName: `race-${i}.xlsx`, content: await iaa(100 + i), commit: true }).then(
        () => 'imported',
        (e: { status?: number }) => `refused ${e.status}`,
      );
      await root(monthCloseContract, { month: MONTH, closed: true });
      const atClose = await figures();
      const outcome = await importing;
      expect(['imported', 'refused 409']).toContain(outcome);
      expect(await figures(), `round ${i}: ${outcome}`).toEqual(atClose);
    }
    await root(monthCloseContract, { month: MONTH, closed: false });
  });
});
