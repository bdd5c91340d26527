import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentDemoRolesBlock, demoRolesReadmeBlock, screensOfRole, withDemoRolesBlock } from './demo-roles-table';
import { baseRoles, demoAccounts } from './demo-roles';

const readme = () => readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
const role = (name: string) => baseRoles.find((r) => r.name === name)!;

describe("the README's demo-account table", () => {
  it('is the one the seeded roles give (run `npm run docs:roles` after changing a role)', () => {
    expect(currentDemoRolesBlock(readme())).toBe(demoRolesReadmeBlock());
  });

  it('has one row per demo account, in the seed order, with its seeded role', () => {
    const rows = demoRolesReadmeBlock().split('\n').filter((line) => /^\| [a-z]/.test(line) && !line.startsWith('| username'));
    expect(rows.map((r) => r.split(' | ').slice(0, 2).join(' | '))).toEqual(demoAccounts.map((a) => `| ${a.username} | ${a.role}`));
  });

  it('names screens by their sidebar titles, grouped by section, whole groups counted', () => {
    expect(screensOfRole(role('PO-Marketing'))).toEqual([
      'Dashboard',
      'Notification Board',
      '**Ads In House**: Overview, Setting, Campaign (all 2), Ad Apps (all 2), Report (all 3), Compare',
      '**Finance**: Finance Statistic, Statistic MKT, Revenue, Revenue reconciliation, Report Month, Import (Import Cost)',
      '**HCNS**: Worklog',
      'Research',
    ]);
    expect(screensOfRole({ name: 'nobody', paths: [] })).toEqual(['Notification Board']);
    expect(screensOfRole(role('root'))).toEqual(['every screen']);
  });

  it('replaces only what lies between the markers, and refuses a README without them', () => {
    const block = demoRolesReadmeBlock();
    const start = block.split('\n')[0]!;
    const end = block.split('\n').at(-1)!;
    expect(withDemoRolesBlock(`intro\n${start}\nstale\n${end}\noutro`)).toBe(`intro\n${block}\noutro`);
    expect(() => withDemoRolesBlock('| username | role | sees |')).toThrow(/needs one .* pair/);
  });
});
