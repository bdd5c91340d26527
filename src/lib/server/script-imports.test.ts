import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The scripts (simulate, the benches) load some source modules with Node's own type stripping, not through the
 * bundler: there every relative import needs its file extension, or the script dies at start-up with
 * ERR_MODULE_NOT_FOUND although the build and the suite pass. This loads each such module the way the scripts do.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SCRIPTS = join(ROOT, 'scripts');

function scriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? scriptFiles(join(dir, e.name)) : e.name.endsWith('.mjs') ? [join(dir, e.name)] : []));
}

/** The src modules the scripts import, as absolute paths. */
function sourceModulesOfScripts(): string[] {
  const found = new Set<string>();
  for (const file of scriptFiles(SCRIPTS)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"]((?:\.\.\/)+src\/[^'"]+)['"]/g)) found.add(resolve(dirname(file), match[1]!));
  }
  return [...found].sort();
}

describe('source modules the scripts load with Node', () => {
  const modules = sourceModulesOfScripts();

  it('finds the simulator among them', () => {
    expect(modules.map((m) => m.slice(ROOT.length + 1))).toContain('src/lib/analytics/simulator.ts');
  });

  it.each(modules.map((m) => [m.slice(ROOT.length + 1), m]))('%s loads with plain Node', (_name, path) => {
    const run = () => execFileSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(pathToFileURL(path).href)})`], { cwd: ROOT, stdio: 'pipe', timeout: 30_000 });
    expect(run).not.toThrow();
  });
});
