import { describe, expect, it } from 'vitest';
import type { Db } from '../server/db';
import { migratedMemoryDb } from '../server/db/memory-db.testkit';
import { API_LOG_BATCH, ApiLogWriter, type ApiLogEntry } from './api-log-writer';

let db: Db;
migratedMemoryDb(async (opened) => {
  db = opened;
});

const entry = (requestId: string, at = new Date()): ApiLogEntry => ({ at, accountId: null, username: 'u', method: 'GET', path: '/api/x', status: 200, durationMs: 3.4, requestId, ip: '' });
const count = async (prefix: string) => (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM api_log WHERE request_id LIKE $1`, [`${prefix}%`]))!.n;

describe('API log written in batches', () => {
  it('writes nothing on the request path, then everything within the flush interval, with the request times', async () => {
    const writer = new ApiLogWriter(db, 50);
    const at = new Date('2026-01-02T03:04:05.678Z');
    writer.add(entry('delay-1', at));
    writer.add(entry('delay-2'));
    expect(await count('delay-')).toBe(0);
    await expect.poll(() => count('delay-'), { timeout: 2000 }).toBe(2);
    const row = await db.one<{ at: Date }>(`SELECT at FROM api_log WHERE request_id = 'delay-1'`);
    expect(new Date(row!.at).toISOString()).toBe(at.toISOString());
  });

  it('writes a full batch at once and flush() writes the rest', async () => {
    const writer = new ApiLogWriter(db, 60_000);
    for (let i = 0; i < API_LOG_BATCH + 7; i++) writer.add(entry(`batch-${i}`));
    await writer.flush();
    expect(await count('batch-')).toBe(API_LOG_BATCH + 7);
    expect(writer.pending).toBe(0);
  });

  it('keeps the rows of a failed write for the next one', async () => {
    let fail = true;
    const flaky = { ...db, query: (text: string, params?: unknown[]) => (fail ? Promise.reject(new Error('down')) : db.query(text, params)) } as Db;
    const writer = new ApiLogWriter(flaky, 60_000);
    writer.add(entry('retry-1'));
    await writer.flush();
    expect(writer.pending).toBe(1);
    fail = false;
    await writer.flush();
    expect(await count('retry-')).toBe(1);
  });
});
