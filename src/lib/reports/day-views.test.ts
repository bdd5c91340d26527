import { describe, expect, it } from 'vitest';
import { countColumn, pctColumn } from './columns';
import { dayChart } from './define';
import { linesTable } from './table';

// Two days as a handler answers them: oldest first, money in micros.
const rows = [
  { key: '2026-11-01', users: 10, payers: 2, revenue: 1_500_000 },
  { key: '2026-11-02', users: 30, payers: 3, revenue: 0 },
];

describe('a table keyed by day', () => {
  const table = linesTable({ name: 'Days', byDay: (r) => r.key, columns: [countColumn('users', 'Users'), pctColumn('payRate', 'Paying', 'payers', 'users')], rows });

  it('heads its key column "Day" as a day, lists the newest day first and totals the range', () => {
    expect(table.columns[0]).toEqual({ key: 'key', label: 'Day', unit: 'day', decimals: 0 });
    expect(table.newestFirst).toBe(true);
    expect(table.rows).toEqual([
      ['2026-11-01', 10, 20],
      ['2026-11-02', 30, 10],
    ]);
    expect(table.total).toEqual(['Total', 40, 12.5]);
  });

  it('keeps a labelled key as text in the data order', () => {
    const byName = linesTable({ name: 'Names', key: { label: 'Name', value: (r) => r.key }, columns: [countColumn('users', 'Users')], rows });
    expect(byName.columns[0]).toEqual({ key: 'key', label: 'Name', unit: 'text', decimals: 0 });
    expect(byName.newestFirst).toBe(false);
  });
});

describe('a chart over days', () => {
  it('labels each point MM-DD and draws each figure, on the right axis where it says so', () => {
    const chart = dayChart(rows, (r) => r.key, { left: 'Users', right: 'Revenue (USD)' }, [
      { label: 'Users', value: 'users', color: 'blue' },
      { label: 'Revenue (USD)', value: (r) => r.revenue / 1e6, type: 'bar', right: true, color: 'orange' },
    ]);
    expect(chart).toEqual({
      x: 'day',
      labels: ['01-11', '02-11'],
      leftTitle: 'Users',
      rightTitle: 'Revenue (USD)',
      series: [
        { label: 'Users', data: [10, 30], color: '#1890ff' },
        { label: 'Revenue (USD)', data: [1.5, 0], type: 'bar', right: true, color: '#e6a23c' },
      ],
    });
  });

  it('has no right axis title when no figure is drawn there', () => {
    expect(dayChart(rows, (r) => r.key, { left: 'Users' }, [{ label: 'Users', value: 'users', color: 'blue' }])).not.toHaveProperty('rightTitle');
  });
});
