// The import graph of src/, and the two measures the house is held to (docs/architecture.md):
//   1. no arrow from a shared floor to an area or a top floor (shared folders import only shared folders);
//   2. no import cycle, counting type-only imports and dynamic import() (a cycle through either is the same
//      tangle: start-up order and understanding both depend on it).
// Plain JavaScript so that both the CLI (scripts/import-graph.mjs, run in CI) and the unit test use it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.astro', '.mjs'];

/**
 * The shared floors under src/lib: folders and root files that every area may use and that name no area.
 * `auth` is the session platform the API handler and the middleware stand on. Everything else under src/lib
 * is an area; src/app (the composition root), src/islands, src/components, src/layouts, src/pages and the
 * middleware are top floors.
 */
export const SHARED_FOLDERS = ['auth', 'http', 'random', 'reports', 'resources', 'server', 'time', 'ui'];

/** Where a source file stands: 'shared', 'area:<name>' or 'top'. */
export function floorOf(path) {
  const parts = path.split(/[\\/]/);
  if (parts[0] !== 'lib') return 'top';
  if (parts.length === 2) return 'shared'; // a root file of src/lib (contract.ts, routes.ts, area.ts…)
  return SHARED_FOLDERS.includes(parts[1]) ? 'shared' : `area:${parts[1]}`;
}

/** Relative specifiers a file imports: static imports and re-exports (type-only too), side-effect imports and import(). */
export function relativeImports(text, { types = true, dynamic = true } = {}) {
  const found = [];
  const fromClause = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s+from\s+['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(fromClause)) {
    if (match[2] && !types) continue;
    found.push(match[4]);
  }
  for (const match of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(match[1]);
  if (dynamic) for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]);
  return found.filter((spec) => spec.startsWith('.'));
}

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec.split('?')[0]);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  if (base.endsWith('.js')) candidates.push(base.slice(0, -3) + '.ts', base.slice(0, -3) + '.tsx');
  return candidates.find((path) => existsSync(path) && statSync(path).isFile() && EXTENSIONS.some((ext) => path.endsWith(ext)));
}

function sourceFiles(dir, { tests }) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, { tests });
    if (!EXTENSIONS.some((ext) => name.endsWith(ext)) || name.endsWith('.d.ts')) return [];
    if (!tests && /\.(test|testkit)\.tsx?$/.test(name)) return [];
    return [path];
  });
}

/** The graph of src: file (relative to src, '/' separated) → the files it imports. Tests are left out unless asked. */
export function importGraph(src, { tests = false } = {}) {
  const graph = new Map();
  const key = (path) => relative(src, path).split(sep).join('/');
  for (const file of sourceFiles(src, { tests })) {
    const targets = relativeImports(readFileSync(file, 'utf8'))
      .map((spec) => resolveImport(file, spec))
      .filter((path) => path !== undefined && path.startsWith(src));
    graph.set(key(file), [...new Set(targets.map(key))]);
  }
  return graph;
}

/** Arrows from a shared floor to anything that is not shared. */
export function floorViolations(graph) {
  const found = [];
  for (const [from, targets] of graph) {
    if (floorOf(from) !== 'shared') continue;
    for (const to of targets) if (floorOf(to) !== 'shared') found.push({ from, to });
  }
  return found;
}

/** Every elementary cycle reachable by depth-first search, each once (rotated to start at its smallest file). */
export function findCycles(graph) {
  const cycles = new Map();
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]);
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

/** The measures of a tree: files, arrows, arrows from shared floors to areas or top floors, cycles. */
export function measure(src) {
  const graph = importGraph(src);
  return {
    files: graph.size,
    arrows: [...graph.values()].reduce((n, targets) => n + targets.length, 0),
    violations: floorViolations(graph),
    cycles: findCycles(graph),
  };
}
