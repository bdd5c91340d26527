import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import ReportView from '../islands/reports/ReportView';
import { parseReportInput, reportQuery, withRange } from '../islands/reports/use-report';
import { pageRoutes } from '../lib/routes';
import { reportScreens } from './screens';
import { exportGrid } from '../lib/reports/table';

/** An answer with no data for a descriptor's figures: empty lists, the first choice of an enum, 0. */
function emptyAnswer(figures: z.ZodRawShape, apps: string[]) {
  const empty = (schema: z.ZodType): unknown =>
    schema instanceof z.ZodArray ? []
    : schema instanceof z.ZodEnum ? schema.options[0]
    : schema instanceof z.ZodNumber ? 0
    : schema instanceof z.ZodBoolean ? true
    : schema instanceof z.ZodObject ? Object.fromEntries(Object.entries(schema.shape as z.ZodRawShape).map(([k, s]) => [k, empty(s as z.ZodType)]))
    : null;
  return { from: '2026-11-01', to: '2026-11-07', apps, pending: 0, ...Object.fromEntries(Object.entries(figures).map(([k, s]) => [k, empty(s as z.ZodType)])) };
}

const descriptors = Object.values(reportScreens);

describe('every report descriptor', () => {
  it('is reached from a route of the table that names it', () => {
    expect(descriptors.length).toBeGreaterThanOrEqual(4);
    for (const d of descriptors) expect(pageRoutes.find((r) => r.path === d.route)?.screen, d.id).toBe(`report:${d.id}`);
  });

  // Most API paths and file names are derived (reportApiPath, the id in kebab case): no two may meet.
  it('has an API path and an export file name of its own', () => {
    expect(new Set(descriptors.map((d) => d.api)).size).toBe(descriptors.length);
    expect(new Set(descriptors.map((d) => d.fileStem)).size).toBe(descriptors.length);
  });

  for (const d of descriptors) {
    it(`${d.id}: an app without data renders the empty state that names the app, no chart of zeros`, () => {
      const data = emptyAnswer(d.figures, ['com.example.quiet']);
      expect(d.isEmpty(data)).toBe(true);
      const search = '?from=2026-11-01&to=2026-11-07';
      const query = reportQuery(withRange(parseReportInput(d, search)));
      const html = renderToString(
        createElement(ReportView, { descriptor: d, account: { role: 'root', listApp: [], canViewAllApp: true }, canExport: true, search, initial: { query, data } }),
      ).replaceAll('<!-- -->', '');
      expect(html).toContain('data-testid="report-empty"');
      expect(html).toContain(`No ${d.noun} from com.example.quiet in this range yet.`);
      expect(html).not.toContain('data-testid="report-table"');
      // No export of an empty report.
      expect(html).not.toContain('data-testid="export-csv"');
    });

    it(`${d.id}: the export's header names every column the table shows, the key column with its zone`, () => {
      const table = d.table(emptyAnswer(d.figures, ["a"]), {});
      const grid = exportGrid(table);
      expect(grid.header).toHaveLength(table.columns.length);
      // A day key names its zone; any other key (a level, a quest, a product, a placement) is its plain label.
      const key = table.columns[0]!;
      expect(grid.header[0]).toBe(key.unit === 'day' ? `${key.label} (UTC+7)` : key.label);
      if (key.unit === 'day') expect(grid.header[0]).toMatch(/^(Day|Install day) \(UTC\+7\)$/);
    });
  }
});
