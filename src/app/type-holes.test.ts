import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The type holes (issue 40): `as never` and `as unknown as` switch the type checker off for one value. Each
 * that stays says why, in a comment on its line or the line above; a new one without a reason fails here.
 */
const root = join(import.meta.dirname, '..', '..');
const HOLE = /\bas (never|unknown as)\b/;
const COMMENT = /\/\/|\/\*|^\s*\*|\{\/\*/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|mjs)$/.test(e.name) ? [path] : [];
  });
}

/** Each hole in `text` with no comment on its line or the one above: "line: text". */
export function unexplainedHoles(text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (!HOLE.test(code)) return [];
    return COMMENT.test(line) || COMMENT.test(lines[i - 1] ?? '') ? [] : [`${i + 1}: ${line.trim()}`];
  });
}

describe('type holes', () => {
  it('finds a hole without a reason and accepts one with it', () => {
    expect(unexplainedHoles('const a = b as never;')).toEqual(['1: const a = b as never;']);
    expect(unexplainedHoles('const a = b as unknown as C;')).toEqual(['1: const a = b as unknown as C;']);
    expect(unexplainedHoles('// why\nconst a = b as never;')).toEqual([]);
    expect(unexplainedHoles('const a = b as never; // why')).toEqual([]);
    expect(unexplainedHoles('// a word "as never" in a comment is no hole')).toEqual([]);
  });

  it('every `as never` and `as unknown as` in src says why', () => {
    // This file names the holes in its own strings.
    const found = sourceFiles(join(root, 'src')).filter((f) => f !== import.meta.filename).flatMap((file) => unexplainedHoles(readFileSync(file, 'utf8')).map((h) => `${relative(root, file)}:${h}`));
    expect(found).toEqual([]);
  });
});
