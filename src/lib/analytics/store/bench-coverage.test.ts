import { describe, expect, it } from 'vitest';
import { reportScreens } from '../../../app/screens';
import { HISTORY_KINDS as KINDS } from '../../history/kinds';
import { EVENT_REPORTS, HISTORY_KINDS, NOT_EVENT_REPORTS } from '../../../../scripts/lib/bench-event-reports.mjs';

/**
 * `npm run bench:events` times every report that reads game events (issue 43): a report screen added to the
 * registry is either in its list or named, with what it reads instead, among those that read no events.
 */
describe('bench:events covers every report that reads events', () => {
  const timed = new Set(EVENT_REPORTS.map(([, path]) => String(path)));

  it.each(Object.values(reportScreens).map((d) => [d.id, d.api]))('%s (%s) is timed or reads no events', (id, api) => {
    expect(timed.has(api) || id in NOT_EVENT_REPORTS ? 'covered' : `${id} ${api} is neither timed nor listed as reading no events`).toBe('covered');
  });

  it('names only screens the registry has', () => {
    const apis = new Set(Object.values(reportScreens).map((d) => d.api));
    expect([...timed].filter((path) => !apis.has(path))).toEqual([]);
    expect(Object.keys(NOT_EVENT_REPORTS).filter((id) => !(id in reportScreens))).toEqual([]);
  });

  it('times every history log', () => {
    expect(HISTORY_KINDS).toEqual(KINDS.map((k) => k.id));
  });
});
