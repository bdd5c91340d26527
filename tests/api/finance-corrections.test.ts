import { beforeAll, describe, expect, it } from 'vitest';
import { createAppContract } from '../../src/lib/apps/contract';
import { correctionListContract, correctionUndoContract, detailUpdateContract } from '../../src/lib/finance/correction-contract';
import { importIaaContract } from '../../src/lib/finance/import-contract';
import { financeMktScreen, financeRevenueScreen, financeStatisticScreen } from '../../src/lib/finance/screens';
import { accountLogContract } from '../../src/lib/logs/contract';
import { IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { raw, rejection, signedInAs, uniqueName, type Session } from './helpers';

/**
 * Finance corrections (issue 37): one record per (app, day, OS, kind, network/store, currency) that replaces
 * the imported figure of its key, never another correction and never adds; listed with imported, corrected
 * and the difference; audited; undone back to the imported figure. Fresh apps on a month of their own.
 */

let root: Session;
let appId: string;
const MONTH = '2024-03';
const D = `${MONTH}-12`;

const revenueOn = async (day = D) =>
  Object.fromEntries((await root(financeRevenueScreen.contract, { apps: [appId], from: day, to: day, by: 'network' })).data.rows.map((r) => [r.key, r.net]));
const statisticOn = async (day = D) => (await root(financeStatisticScreen.contract, { apps: [appId], from: day, to: day, by: 'app' })).data.rows[0]!;
const costOn = async (day = D) => (await root(financeMktScreen.contract, { apps: [appId], from: day, to: day, by: 'channel' })).data.rows.reduce((n, r) => n + r.cost, 0);

beforeAll(async () => {
  root = await signedInAs('root');
  appId = `com.fin.${uniqueName('corr').replace(/-/g, '')}`;
  await root(createAppContract, { id: appId, name: `Corrections ${appId}`, os: [{ os: 1, packageId: `${appId}.a` }, { os: 2, packageId: `${appId}.i` }] });
  const content = await xlsxBase64([[D, appId, 'Android', 'AdMob', 'USD', 100], [D, appId, 'Android', 'Unity Ads', 'USD', 10]], { sheet: 'Ad revenue', headers: IAA_HEADERS });
  await root(importIaaContract, { month: MONTH, fileName: 'iaa.xlsx', content, commit: true });
});

describe('corrections', () => {
  it('replace the imported figure of their key, never add to it nor wipe other corrections', async () => {
    expect(await revenueOn()).toEqual({ AdMob: 100e6, 'Unity Ads': 10e6 });
    // AdMob 100.00 corrected to 90.00 is 90.00, not 190.00.
    const first = await root(detailUpdateContract, { appId, day: D, os: 1, kind: 'ads', name: 'admob', amount: 90, currency: 'USD', reason: 'AdMob final figure' });
    expect(await revenueOn()).toEqual({ AdMob: 90e6, 'Unity Ads': 10e6 });
    expect(first.data.correction).toMatchObject({ name: 'AdMob', imported: 100e6, corrected: 90e6, difference: -10e6, reason: 'AdMob final figure', createdBy: 'root' });
    // iOS AdMob 3.00 and an Android Meta cost of 2.00 on the same day leave the Android correction alone.
    await root(detailUpdateContract, { appId, day: D, os: 2, kind: 'ads', name: 'AdMob', amount: 3, currency: 'USD', reason: 'iOS missing from the file' });
    await root(detailUpdateContract, { appId, day: D, os: 1, kind: 'cost', name: 'Meta', amount: 2, currency: 'USD', reason: 'Meta invoice' });
    expect(await revenueOn()).toEqual({ AdMob: 93e6, 'Unity Ads': 10e6 });
    expect(await costOn()).toBe(2e6);
    expect(await statisticOn()).toMatchObject({ adRevenue: 103e6, revenue: 103e6, cost: 2e6, profit: 101e6 });
    // Entering the same key again replaces that correction (still one record for the key).
    await root(detailUpdateContract, { appId, day: D, os: 1, kind: 'ads', name: 'AdMob', amount: 95.5, currency: 'USD', reason: 'AdMob revised' });
    expect(await revenueOn()).toEqual({ AdMob: 98.5e6, 'Unity Ads': 10e6 });

    const list = (await root(correctionListContract, { from: `${MONTH}-01`, to: `${MONTH}-31`, appId })).data;
    expect(list.map((c) => [c.os, c.kind, c.name, c.imported, c.corrected, c.difference, c.reason])).toEqual([
      [1, 'ads', 'AdMob', 100e6, 95.5e6, -4.5e6, 'AdMob revised'],
      [1, 'cost', 'Meta', 0, 2e6, 2e6, 'Meta invoice'],
      [2, 'ads', 'AdMob', 0, 3e6, 3e6, 'iOS missing from the file'],
    ]);

    // Author, time and reason in the audit log, with the figure before.
    const log = (await root(accountLogContract, { action: 'finance_correction', entity: 'finance_correction', limit: 200 })).data.filter((l) => l.entityId.startsWith(`${appId}/`));
    expect(log[0]).toMatchObject({ username: 'root', entityId: `${appId}/${D}/1/ads/AdMob/USD`, before: { corrected: 90e6, reason: 'AdMob final figure' }, after: { corrected: 95.5e6, reason: 'AdMob revised' } });
    expect(log).toHaveLength(4);
  });

  it('undo deletes the correction and the imported figure counts again', async () => {
    const undone = await root(correctionUndoContract, { appId, day: D, os: 1, kind: 'ads', name: 'AdMob', currency: 'USD' });
    expect(undone.data).toMatchObject({ imported: 100e6 });
    expect(await revenueOn()).toEqual({ AdMob: 103e6, 'Unity Ads': 10e6 });
    const again = await rejection(root(correctionUndoContract, { appId, day: D, os: 1, kind: 'ads', name: 'AdMob', currency: 'USD' }));
    expect(again.status).toBe(404);
    expect(again.message).toBe(`No correction of ads AdMob USD for ${appId} on ${D} (OS 1).`);
    const log = (await root(accountLogContract, { action: 'finance_correction_undo', limit: 50 })).data.find((l) => l.entityId === `${appId}/${D}/1/ads/AdMob/USD`);
    expect(log).toMatchObject({ username: 'root', before: { corrected: 95.5e6, reason: 'AdMob revised' } });
  });

  it('refuses a correction without a reason, of an unknown network, or of an app outside the finance permission', async () => {
    const noReason = await raw('POST', '/api/reportSystem/detail/update', {
      token: root.tokens.accessToken, body: JSON.stringify({ appId, day: D, os: 1, kind: 'ads', name: 'AdMob', amount: 1, currency: 'USD' }),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toMatch(/^reason: is required/);
    const unknown = await rejection(root(detailUpdateContract, { appId, day: D, os: 1, kind: 'ads', name: 'Snap', amount: 1, currency: 'USD', reason: 'x' }));
    expect(unknown.message).toMatch(/^name: unknown network "Snap"/);
    const pm = await signedInAs('pm');
    expect((await rejection(pm(correctionListContract, { from: D, to: D, appId }))).status).toBe(403);
    expect(await revenueOn()).toEqual({ AdMob: 103e6, 'Unity Ads': 10e6 });
  });
});
