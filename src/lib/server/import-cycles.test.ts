import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Import cycles make module start-up order depend on who is imported first (a value read before its module
 * ran is undefined) and tie modules together so neither can be understood or moved alone. This walks the
 * relative static imports of every source file under src and lists each cycle. Type-only imports count too
 * (a type cycle is the same tangle, and once a value import is added it is a real one); pass
 * `{ types: false }` to valueImports to see only the cycles that exist at run time. Dynamic import() runs
 * later and is ignored.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXTENSIONS = ['.ts', '.tsx', '.astro'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative specifiers of the static imports and re-exports; `types: false` leaves out `import type`/`export type`. */
function relativeImports(text: string, { types = true } = {}): string[] {
  const found: string[] = [];
  // `import x from '…'`, `import { a } from '…'`, `export { a } from '…'`, `export * from '…'` (possibly multi-line).
  const fromClause = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s+from\s+['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(fromClause)) {
    if (match[2] && !types) continue; // `import type … from` / `export type … from`
    found.push(match[4]!);
  }
  // Side-effect imports: `import '…'`.
  for (const match of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(match[1]!);
  return found.filter((spec) => spec.startsWith('.'));
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  // `./x.js` written for a TypeScript file.
  if (base.endsWith('.js')) candidates.push(base.slice(0, -3) + '.ts', base.slice(0, -3) + '.tsx');
  return candidates.find((path) => existsSync(path) && statSync(path).isFile() && EXTENSIONS.some((ext) => path.endsWith(ext)));
}

/** Every elementary cycle reachable by depth-first search, each reported once (rotated to start at its smallest file). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(rotated.join(' -> '), rotated);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

describe('import cycles', () => {
  it('finds a cycle in a small graph, and none in a tree', () => {
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(findCycles(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it('reads relative imports and re-exports, type-only ones unless asked not to', () => {
    const text = "import type { A } from './a';\nimport {\n  b,\n  c,\n} from './b';\nexport type { C } from './c';\nexport * from './d';\nimport './e.css';\nimport { x } from 'zod';";
    expect(relativeImports(text)).toEqual(['./a', './b', './c', './d', './e.css']);
    expect(relativeImports(text, { types: false })).toEqual(['./b', './d', './e.css']);
  });

  it('has no cycle among the source files under src', () => {
    const files = sourceFiles(SRC);
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const targets = relativeImports(readFileSync(file, 'utf8'))
        .map((spec) => resolveImport(file, spec))
        .filter((path): path is string => path !== undefined);
      graph.set(relative(SRC, file), targets.map((path) => relative(SRC, path)));
    }
    expect(files.length).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((cycle) => [...cycle, cycle[0]].join(' -> '));
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([]);
  });
});
