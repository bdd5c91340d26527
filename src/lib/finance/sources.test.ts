import { describe, expect, it } from 'vitest';
import { mainDataScreen } from '../analytics/screens';
import { financeReports } from './screens';
import { REVENUE_FROM_FINANCE, REVENUE_FROM_SDK } from './sources';

/** Revenue is labelled by its source wherever it appears (issue 37): finance's reports vs the games' events. */
describe('revenue sources', () => {
  it('labels every finance report "from store and network reports (finance)" and Main Data "from game events (SDK)"', () => {
    for (const report of financeReports) {
      const text = (report.notices?.({} as never) ?? []).map((n) => n.text).join(' ');
      // Reconciliation sets the two side by side, so it names both; every other finance report names its one.
      if (report.id === 'financeReconciliation') {
        expect(text, report.id).toContain(`SDK revenue is ${REVENUE_FROM_SDK}`);
        expect(text, report.id).toContain(`finance revenue (ad revenue + IAP net) is ${REVENUE_FROM_FINANCE}`);
      } else {
        expect(text, report.id).toContain(`Revenue here is ${REVENUE_FROM_FINANCE}`);
      }
    }
    expect(mainDataScreen.notices?.({} as never)[0]?.text).toContain(`Revenue here is ${REVENUE_FROM_SDK}`);
    expect(REVENUE_FROM_SDK).toBe('from game events (SDK)');
    expect(REVENUE_FROM_FINANCE).toBe('from store and network reports (finance)');
  });
});
