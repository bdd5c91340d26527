import { describe, expect, it } from 'vitest';
import { mainDataScreen } from '../analytics/screens';
import { financeReports } from './screens';
import { REVENUE_FROM_FINANCE, REVENUE_FROM_SDK } from './sources';

/** Revenue is labelled by its source wherever it appears (issue 37): finance's reports vs the games' events. */
describe('revenue sources', () => {
  it('labels every finance report "from store and network reports (finance)" and Main Data "from game events (SDK)"', () => {
    for (const report of financeReports) {
      const notices = report.notices?.({} as never) ?? [];
      expect(notices.map((n) => n.text).join(' '), report.id).toContain(`Revenue here is ${REVENUE_FROM_FINANCE}`);
    }
    expect(mainDataScreen.notices?.({} as never)[0]?.text).toContain(`Revenue here is ${REVENUE_FROM_SDK}`);
    expect(REVENUE_FROM_SDK).toBe('from game events (SDK)');
    expect(REVENUE_FROM_FINANCE).toBe('from store and network reports (finance)');
  });
});
