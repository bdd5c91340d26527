import { describe, expect, it } from 'vitest';
import { financePermissionUpdateContract } from '../../src/lib/accounts/contract';
import { reportScreens } from '../../src/app/screens';
import { exportGrid } from '../../src/lib/reports/table';
import { reportQuery } from '../../src/islands/reports/use-report';
import { csvRows, xlsxRows } from '../support/unzip';
import { baseUrl, ownAccount, raw, signedInAs } from './helpers';

/**
 * Walks every report descriptor through HTTP, so a new report is covered the moment it is registered:
 * its route guards both endpoints, export_report guards the export, and the files hold exactly the table
 * the screen builds from the JSON answer.
 */
const descriptors = Object.values(reportScreens);
const APP = 'com.gsm.blockpuzzle';

const asCell = (v: string): string | number | null => (v === '' ? null : Number.isNaN(Number(v)) ? v : Number(v));

describe('every report descriptor', () => {
  it('refuses both endpoints without the screen route, and the export without export_report', async () => {
    const outsider = await ownAccount('walk-none', { paths: ['/dashboard'], privateActions: ['export_report'], canViewAllApp: true });
    const reader = await ownAccount('walk-read', { paths: descriptors.map((d) => d.route), canViewAllApp: true });
    // Finance reports answer only the apps of the account's finance permission (src/lib/finance/scope.ts).
    await (await signedInAs('root'))(financePermissionUpdateContract, { username: reader.username, apps: [APP], teams: [] });
    for (const d of descriptors) {
      expect((await raw('GET', `${d.api}?apps=${APP}`, { token: outsider.tokens.accessToken })).status, d.id).toBe(403);
      expect((await raw('GET', `${d.api}/export?apps=${APP}&format=csv`, { token: outsider.tokens.accessToken })).status, d.id).toBe(403);
      expect((await raw('GET', `${d.api}?apps=${APP}`, { token: reader.tokens.accessToken })).status, d.id).toBe(200);
      const refused = await raw('GET', `${d.api}/export?apps=${APP}&format=csv`, { token: reader.tokens.accessToken });
      expect([refused.status, refused.json.message], d.id).toEqual([403, 'Permission invalid']);
    }
  });

  it('exports (CSV and XLSX) exactly the table built from the JSON answer for the same query', async () => {
    const root = await signedInAs('root');
    for (const d of descriptors) {
      const input = d.contract.request.parse({ apps: [APP] });
      const query = reportQuery(input as Record<string, unknown>);
      const answer = await root(d.contract, input as never);
      expect(d.isEmpty(answer.data as never), `${d.id}: the demo studio has data`).toBe(false);
      const grid = exportGrid(d.table(answer.data as never, input as never));
      expect(grid.rows.length, d.id).toBeGreaterThan(0);
      const headers = { authorization: `Bearer ${root.tokens.accessToken}` };
      const csv = await fetch(`${baseUrl}${d.api}/export?${query}&format=csv`, { headers }).catch(() => null);
      expect(csv?.status, d.id).toBe(200);
      const rows = csvRows((await csv!.text()).replace(/^\uFEFF/, ''));
      expect(rows[0], d.id).toEqual(grid.header);
      expect(rows.slice(1).map((r) => r.map(asCell)), d.id).toEqual(grid.rows);
      const xlsx = await fetch(`${baseUrl}${d.api}/export?${query}&format=xlsx`, { headers });
      const sheet = await xlsxRows(new Uint8Array(await xlsx.arrayBuffer()));
      expect(sheet[0], d.id).toEqual(grid.header);
      expect(sheet.slice(1).map((r) => [...r, ...Array(grid.header.length - r.length).fill(null)]), d.id).toEqual(grid.rows);
    }
  });
});
