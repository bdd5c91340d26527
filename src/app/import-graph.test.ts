import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, floorOf, measure, relativeImports } from '../../scripts/lib/import-graph.mjs';

/**
 * The house's two measures (docs/architecture.md): shared floors import no area or top floor, and no import
 * cycle exists, type-only imports and import() included. CI also prints them (scripts/import-graph.mjs).
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('the import graph', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'gsm-floors-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const tree = (files: Record<string, string>) => {
    const root = mkdtempSync(join(scratch, 'src-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };

  it('places files on floors: root files and shared folders of src/lib, areas, and the top', () => {
    expect(['lib/routes.ts', 'lib/server/db/seed.ts', 'lib/ui/filters/OsSelect.tsx', 'lib/auth/guard.ts'].map(floorOf)).toEqual(['shared', 'shared', 'shared', 'shared']);
    expect(['lib/finance/service.ts', 'lib/apps/filters/AppAutocomplete.tsx'].map(floorOf)).toEqual(['area:finance', 'area:apps']);
    expect(['app/server.ts', 'islands/apps/AppManager.tsx', 'middleware.ts'].map(floorOf)).toEqual(['top', 'top', 'top']);
  });

  it('reads static, type-only, side-effect and dynamic imports', () => {
    const text = "import type { A } from './a';\nimport {\n  b,\n} from './b';\nexport * from './d';\nimport './e.css';\nconst F = lazy(() => import('./f'));\nimport { x } from 'zod';";
    expect(relativeImports(text)).toEqual(['./a', './b', './d', './e.css', './f']);
    expect(relativeImports(text, { types: false, dynamic: false })).toEqual(['./b', './d', './e.css']);
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(findCycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('finds a shared folder importing an area, and a cycle closed by import()', () => {
    const root = tree({
      'lib/reports/export.ts': "import { sheet } from '../analytics/xlsx';\nexport const x = sheet;",
      'lib/analytics/xlsx.ts': "export const sheet = 1;",
      'islands/A.tsx': "import type { T } from './B';\nexport type U = T;",
      'islands/B.tsx': "const A = () => import('./A');\nexport type T = number;",
    });
    const measured = measure(root);
    expect(measured.violations).toEqual([{ from: 'lib/reports/export.ts', to: 'lib/analytics/xlsx.ts' }]);
    expect(measured.cycles).toEqual([['islands/A.tsx', 'islands/B.tsx']]);
  });

  it('holds for src: no arrow from a shared floor outside it, no cycle', () => {
    const measured = measure(SRC);
    expect(measured.files).toBeGreaterThan(400);
    expect(measured.violations).toEqual([]);
    expect(measured.cycles.map((c: string[]) => [...c, c[0]].join(' -> '))).toEqual([]);
  });
});
