import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatFigure } from '../reports/columns';
import { toCsv } from '../reports/export';
import { exportGrid } from '../reports/table';
import { centsOfMicros, formatAmountMicros, formatMoneyMicros, formatUsdMicros, usdOfMicros } from '../numbers';
import type { MonthReport } from './month-contract';
import { monthExcel } from './month-export';
import { financeStatisticScreen, type PnlRowT } from './screens';

/**
 * The money rule (docs/metrics.md "Rounding"): integer micros, rounded once for display to cents, half away
 * from zero — the same on the screen's table, the chart's values (tooltips), the CSV and the XLSX of
 * Statistic and of Report Month. Before, Statistic showed $1.015 as 1.01 while Report Month's export showed 1.02.
 */
const CASES: [micros: number, cents: number, text: string][] = [
  [1_015_000, 102, '$1.02'],
  [1_200_505_000, 120_051, '$1,200.51'],
  [1_100_515_000, 110_052, '$1,100.52'],
  [1_014_999, 101, '$1.01'],
  [5_000, 1, '$0.01'],
  [4_999, 0, '$0.00'],
  [-5_000, -1, '-$0.01'],
  [-4_999, 0, '$0.00'],
  [-1_015_000, -102, '-$1.02'],
  [-1_200_505_000, -120_051, '-$1,200.51'],
  [-1_100_515_000, -110_052, '-$1,100.52'],
  [2_675_000, 268, '$2.68'],
  [0, 0, '$0.00'],
];

const pnl = (key: string, micros: number): PnlRowT => ({ key, adRevenue: micros, iapGross: 0, iapNet: 0, revenue: micros, cost: 0, profit: micros, installs: 0 });

describe('the finance money rule', () => {
  it('rounds every half-cent case half away from zero in every formatter', () => {
    for (const [micros, cents, text] of CASES) {
      expect(centsOfMicros(micros), String(micros)).toBe(cents);
      expect(usdOfMicros(micros), String(micros)).toBe(cents / 100);
      expect(formatUsdMicros(micros), String(micros)).toBe(text);
      expect(formatMoneyMicros(micros, 'USD')).toBe(text);
      expect(formatMoneyMicros(micros, 'EUR')).toBe(`${text.replace('$', '')} EUR`);
      expect(formatAmountMicros(micros)).toBe(text.replace('$', ''));
    }
  });

  it('gives Statistic the same cents in its table, chart, CSV and XLSX, and its Total is the sum rounded once', () => {
    const rows = CASES.map(([micros], i) => pnl(`2025-01-${String(i + 1).padStart(2, '0')}`, micros));
    const answer = { from: '2025-01-01', to: '2025-01-13', apps: [], pending: 0, names: {}, by: 'day' as const, rows };
    const table = financeStatisticScreen.table(answer, financeStatisticScreen.contract.request.parse({}));
    const revenue = table.columns.findIndex((c) => c.key === 'revenue');
    CASES.forEach(([, cents, text], i) => {
      const cell = table.rows[i]![revenue] as number;
      expect(cell).toBe(cents / 100);
      expect(formatFigure(cell, 'usd', 2)).toBe(text); // what the table shows
    });
    const chart = financeStatisticScreen.chart(answer, financeStatisticScreen.contract.request.parse({}), table)!;
    expect(chart.series[0]!.data).toEqual(CASES.map(([, cents]) => cents / 100)); // what the tooltips show
    const sum = CASES.reduce((n, [m]) => n + m, 0);
    expect(table.total![revenue]).toBe(usdOfMicros(sum));
    const csv = toCsv([exportGrid(table).header, ...exportGrid(table).rows]).split('\r\n');
    expect(csv[1]!.split(',')[revenue]).toBe('1.02');
    expect(csv[2]!.split(',')[revenue]).toBe('1200.51');
    expect(csv[3]!.split(',')[revenue]).toBe('1100.52');
    expect(csv[9]!.split(',')[revenue]).toBe('-1.02');
  });

  it('gives Report Month\'s XLSX the same cents as the screen', async () => {
    const row = (appId: string, micros: number) => ({
      appId, name: appId, team: 'A', adRevenue: micros, iapNet: 0, baseRevenue: micros, baseCost: 0, revenueAdjustment: 0, costAdjustment: 0, reason: '',
      revenue: micros, cost: 0, profit: micros, installs: 0, comments: 0,
    });
    const total = (micros: number) => ({ key: 'Total', revenue: micros, cost: 0, profit: micros, baseRevenue: micros, baseCost: 0, adRevenue: micros, iapNet: 0, revenueAdjustment: 0, costAdjustment: 0, installs: 0 });
    const report = { month: '2025-01', rows: CASES.map(([m], i) => row(`app${i}`, m)), teams: [], total: total(0), note: '', closed: null } as unknown as MonthReport; // the fields monthExcel reads
    const workbook = new ExcelJS.Workbook();
    // ExcelJS declares its own Buffer type, which Node's ArrayBuffer does not match though load reads it.
    await workbook.xlsx.load((await monthExcel(report).arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    CASES.forEach(([, cents], i) => expect(sheet.getRow(i + 2).getCell(3).value).toBe(cents / 100));
  });
});
