import { beforeAll, describe, expect, it } from 'vitest';
import { createAppContract, deleteAppContract, listAppContract } from '../../src/lib/apps/contract';
import { importIaaContract } from '../../src/lib/finance/import-contract';
import { dataMonthContract } from '../../src/lib/finance/month-contract';
import { listAppOsContract } from '../../src/lib/finance/more-contract';
import { financeStatisticScreen } from '../../src/lib/finance/screens';
import { IAA_HEADERS, xlsxBase64 } from '../support/finance-xlsx';
import { rejection, signedInAs, uniqueName, type Session } from './helpers';

/**
 * Apps with finance history are archived, never deleted (issue 37): deleting one keeps its figures in every
 * report (closed months do not move), takes it out of the pickers, and its id cannot be reused, so a new app
 * never inherits old figures. An app without finance history is still deleted.
 */

let root: Session;
const MONTH = '2024-09';

beforeAll(async () => {
  root = await signedInAs('root');
});

describe('deleting an app with finance history', () => {
  it('archives it: the figures stay, it leaves the pickers, and its id cannot be reused', async () => {
    const appId = `com.fin.${uniqueName('arch').replace(/-/g, '')}`;
    await root(createAppContract, { id: appId, name: `Archived ${appId}`, os: [{ os: 1, packageId: `${appId}.a` }], reportMonth: true });
    const content = await xlsxBase64([[`${MONTH}-05`, appId, 'Android', 'AdMob', 'USD', 286]], { sheet: 'Ad revenue', headers: IAA_HEADERS });
    await root(importIaaContract, { month: MONTH, fileName: 'iaa.xlsx', content, commit: true });
    const figures = async () => (await root(financeStatisticScreen.contract, { from: `${MONTH}-01`, to: `${MONTH}-30`, by: 'app' })).data.rows.find((r) => r.key === appId);
    const monthTotal = (await root(dataMonthContract, { month: MONTH })).data.total.revenue;

    const deleted = await root(deleteAppContract, { appId });
    expect((await figures())?.revenue).toBe(286e6);
    expect((await root(dataMonthContract, { month: MONTH })).data.total.revenue).toBe(monthTotal);
    expect(deleted.data).toEqual({ appId, archived: true });
    expect((await root(listAppContract)).data.map((a) => a.id)).not.toContain(appId);
    expect((await root(listAppOsContract)).data.map((a) => a.appId)).not.toContain(appId);

    const reused = await rejection(root(createAppContract, { id: appId, name: 'New game', os: [{ os: 1, packageId: `${appId}.new` }] }));
    expect(reused.status).toBe(409);
    expect(reused.message).toBe(`The id ${appId} belonged to Archived ${appId}, archived with its finance history; an archived app's id cannot be reused.`);
    // Nor can figures be imported for it.
    const late = await root(importIaaContract, { month: MONTH, fileName: 'late.xlsx', content });
    expect(late.data.problems).toEqual([{ row: 2, column: 'App', message: `"${appId}" is archived: its figures are kept as they are` }]);
  });

  it('still deletes an app without finance history, and its id is free again', async () => {
    const appId = `com.fin.${uniqueName('gone').replace(/-/g, '')}`;
    await root(createAppContract, { id: appId, name: `Mistake ${appId}`, os: [{ os: 1, packageId: `${appId}.a` }] });
    expect((await root(deleteAppContract, { appId })).data).toEqual({ appId, archived: false });
    await root(createAppContract, { id: appId, name: `Again ${appId}`, os: [{ os: 1, packageId: `${appId}.a` }] });
    expect((await root(listAppContract)).data.map((a) => a.id)).toContain(appId);
  });
});
