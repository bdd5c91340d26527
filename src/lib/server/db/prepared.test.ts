import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryPglite } from './open';
import { ONE_OFF_TEXT_CHARS, PREPARED_MAX, postgresStatements } from './prepared';
import type { Db } from './sql';

/** The embedded database's queries go through named statements (prepared.ts): same answers as plain text. */
describe('prepared statements on PGlite', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openMemoryPglite();
    await db.exec(`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, tags jsonb, at timestamptz, n bigint)`);
  }, 60_000);
  afterAll(() => db.close());

  it('answers each call with its own parameters, every type as plain text would', async () => {
    const insert = 'INSERT INTO things (id, name, tags, at, n) VALUES ($1, $2, $3::jsonb, $4::timestamptz, $5) RETURNING id';
    await db.query(insert, [1, 'one', JSON.stringify(['a']), '2026-11-27T01:02:03.000Z', 5]);
    await db.query(insert, [2, 'two', null, null, null]);
    const select = 'SELECT id, name, tags, at, n FROM things WHERE id = $1';
    expect(await db.one(select, [1])).toEqual({ id: 1, name: 'one', tags: ['a'], at: new Date('2026-11-27T01:02:03.000Z'), n: 5 });
    expect(await db.one(select, [2])).toEqual({ id: 2, name: 'two', tags: null, at: null, n: null });
    expect(await db.one(select, [3])).toBeUndefined();
    expect(await db.query('SELECT count(*)::int AS c FROM things')).toEqual([{ c: 2 }]);
  });

  it('a failing call reports its error and leaves the connection usable', async () => {
    const insert = 'INSERT INTO things (id, name) VALUES ($1, $2)';
    await expect(db.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('SELEC nonsense')).rejects.toThrow(/syntax error/);
    await expect(db.query('SELECT id FROM things WHERE id = $1', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect(await db.one<{ name: string }>('SELECT name FROM things WHERE id = $1', [1])).toEqual({ name: 'one' });
  });

  it('a transaction rolls back its prepared writes', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('UPDATE things SET name = $2 WHERE id = $1', [1, 'changed']);
        expect(await tx.one('SELECT name FROM things WHERE id = $1', [1])).toEqual({ name: 'changed' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.one('SELECT name FROM things WHERE id = $1', [1])).toEqual({ name: 'one' });
  });

  it('runs a text longer than ONE_OFF_TEXT_CHARS (a batch of literal rows) unnamed: answered, never kept', async () => {
    const kept = 'SELECT name FROM pg_prepared_statements';
    const select = 'SELECT id FROM things WHERE id = $1';
    await db.one(select, [1]);
    const before = (await db.query<{ name: string }>(kept)).map((r) => r.name).sort();
    const rows = Array.from({ length: 2000 }, (_, i) => `(${i}, 'row ${i}')`).join(',');
    const text = `SELECT count(*)::int AS n, max(v)::int AS top FROM (VALUES ${rows}) AS x(v, label) WHERE v >= $1`;
    expect(text.length).toBeGreaterThan(ONE_OFF_TEXT_CHARS);
    expect(await db.one(text, [1000])).toEqual({ n: 1000, top: 1999 });
    expect(await db.transaction((tx) => tx.one(text, [1990]))).toEqual({ n: 10, top: 1999 });
    expect((await db.query<{ name: string }>(kept)).map((r) => r.name).sort()).toEqual(before);
  });

  it(`keeps at most ${PREPARED_MAX} texts, the least recently used closed first; a closed one is prepared again`, async () => {
    for (let i = 0; i <= PREPARED_MAX + 5; i++) expect(await db.one<{ v: number }>(`SELECT $1::int + ${i} AS v`, [1])).toEqual({ v: 1 + i });
    const names = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    expect(names.length).toBe(PREPARED_MAX);
    expect(await db.one('SELECT $1::int + 0 AS v', [41])).toEqual({ v: 41 });
  });

  it('a table that changed shape under a prepared statement is read in its new shape', async () => {
    const all = 'SELECT * FROM things WHERE id = $1';
    expect(Object.keys((await db.one(all, [1]))!)).toEqual(['id', 'name', 'tags', 'at', 'n']);
    await db.exec('ALTER TABLE things ADD COLUMN extra text');
    const prepared = async () => (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1`, [all]))!.n;
    expect(Object.keys((await db.one(all, [1]))!)).toEqual(['id', 'name', 'tags', 'at', 'n', 'extra']);
    // The stale statement was closed (that call answered as plain text); the next call prepares it anew, once.
    expect(await prepared()).toBe(0);
    expect(Object.keys((await db.one(all, [1]))!)).toEqual(['id', 'name', 'tags', 'at', 'n', 'extra']);
    expect(await prepared()).toBe(1);
  });
});

describe('prepared statements on PostgreSQL (the query config node-postgres gets)', () => {
  it('names a text the same way every time, another text otherwise, and stops naming past the bound', () => {
    const statement = postgresStatements();
    const a = statement('SELECT 1 WHERE $1::int > 0', [1]);
    expect(a).toMatchObject({ text: 'SELECT 1 WHERE $1::int > 0', values: [1] });
    expect('name' in a && a.name).toMatch(/^gsm_[0-9a-f]{20}$/);
    expect(statement('SELECT 1 WHERE $1::int > 0', [2])).toEqual({ ...a, values: [2] });
    expect('name' in statement('SELECT 2', []) && statement('SELECT 2', []).name).not.toBe('name' in a && a.name);
    for (let i = 0; i < PREPARED_MAX; i++) statement(`SELECT ${i} + 100`, []);
    expect(statement('SELECT 1 WHERE $1::int > 0', [3])).toMatchObject({ name: 'name' in a ? a.name : '' });
    expect(statement('SELECT past_the_bound', [])).toEqual({ text: 'SELECT past_the_bound', values: [] });
  });

  it('a server that shares sessions between connections ("already exists") turns naming off and still answers', async () => {
    const statement = postgresStatements();
    const sent: { name?: string; text: string }[] = [];
    // A driver whose server already holds every named statement (one session behind every connection).
    const client = {
      async query(config: { name?: string; text: string; values?: unknown[] }) {
        sent.push(config);
        if (config.name) throw Object.assign(new Error(`prepared statement "${config.name}" already exists`), { code: '42P05' });
        return { rows: [{ ok: true }] };
      },
    };
    await expect(statement.run(client, 'SELECT 1', [], true)).rejects.toMatchObject({ code: '42P05' });
    expect(statement.enabled()).toBe(false);
    expect(await statement.run(client, 'SELECT 2', [], false)).toEqual({ rows: [{ ok: true }] });
    expect(sent.map((c) => Boolean(c.name))).toEqual([true, false]);
    const fresh = postgresStatements();
    expect(await fresh.run(client, 'SELECT 3', [], false)).toEqual({ rows: [{ ok: true }] });
    expect(sent.slice(2).map((c) => Boolean(c.name))).toEqual([true, false]);
  });
});
