import { describe, expect, it } from 'vitest';
import { splitByMonth } from './queries';

describe('a range cut into whole months and edges', () => {
  it('reads whole months from the rollup and only the partial months raw', () => {
    expect(splitByMonth('2025-11-24', '2026-11-22')).toEqual({
      months: { from: '2025-12-01', to: '2026-10-01' },
      edges: [{ from: '2025-11-24', to: '2025-11-30' }, { from: '2026-11-01', to: '2026-11-22' }],
    });
    expect(splitByMonth('2026-01-01', '2026-02-28')).toEqual({ months: { from: '2026-01-01', to: '2026-02-01' }, edges: [] });
    expect(splitByMonth('2024-02-01', '2024-02-29')).toEqual({ months: { from: '2024-02-01', to: '2024-02-01' }, edges: [] });
    expect(splitByMonth('2026-01-02', '2026-02-27')).toEqual({ months: null, edges: [{ from: '2026-01-02', to: '2026-02-27' }] });
    expect(splitByMonth('2026-01-05', '2026-01-20')).toEqual({ months: null, edges: [{ from: '2026-01-05', to: '2026-01-20' }] });
    expect(splitByMonth('2025-12-15', '2026-01-31')).toEqual({ months: { from: '2026-01-01', to: '2026-01-01' }, edges: [{ from: '2025-12-15', to: '2025-12-31' }] });
  });
});
