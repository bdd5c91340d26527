import { describe, expect, it } from 'vitest';
import { mainDataScreen } from '../analytics/screens';
import type { ReportDescriptor } from '../reports/define';
import { financeReports } from './screens';
import { REVENUE_FROM_FINANCE, REVENUE_FROM_SDK } from './sources';

/** Revenue is labelled by its source wherever it appears (issue 37): finance's reports vs the games' events. */
describe('revenue sources', () => {
  it('labels every finance report "from store and network reports (finance)" and Main Data "from game events (SDK)"', () => {
    for (const report of financeReports) {
      // The list's descriptors differ, so their notices' answers intersect to never; erased, each takes any (and reads none).
      const text = ((report as ReportDescriptor).notices?.({ from: '', to: '', apps: [], pending: 0 }) ?? []).map((n) => n.text).join(' ');
      // Reconciliation sets the two side by side, so it names both; every other finance report names its one.
      if (report.id === 'financeReconciliation') {
        expect(text, report.id).toContain(`SDK revenue is ${REVENUE_FROM_SDK}`);
        expect(text, report.id).toContain(`finance revenue (ad revenue + IAP net) is ${REVENUE_FROM_FINANCE}`);
      } else {
        expect(text, report.id).toContain(`Revenue here is ${REVENUE_FROM_FINANCE}`);
      }
    }
    expect(mainDataScreen.notices?.(mainDataScreen.contract.data.parse({ from: "2025-01-01", to: "2025-01-01", apps: [], pending: 0, rows: [] }))[0]?.text).toContain(`Revenue here is ${REVENUE_FROM_SDK}`);
    expect(REVENUE_FROM_SDK).toBe('from game events (SDK)');
    expect(REVENUE_FROM_FINANCE).toBe('from store and network reports (finance)');
  });
});
