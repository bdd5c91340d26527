import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('migrations', () => {
  it('each has a version of its own (two branches picking one number would skip a migration or fail start-up)', () => {
    const files = readdirSync(join(process.cwd(), 'src/lib/server/db/migrations')).filter((f) => f.endsWith('.sql'));
    const versions = files.map((f) => /^(\d{4})_[a-z0-9_]+\.sql$/.exec(f)?.[1]);
    expect(versions.every(Boolean), files.join(', ')).toBe(true);
    const seen = new Map<string, string[]>();
    files.forEach((f, i) => seen.set(versions[i]!, [...(seen.get(versions[i]!) ?? []), f]));
    expect([...seen.values()].filter((names) => names.length > 1)).toEqual([]);
  });
});
