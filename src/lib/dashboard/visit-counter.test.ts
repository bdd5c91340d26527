import { describe, expect, it } from 'vitest';
import { insertTestAccount } from '../accounts/account.testkit';
import type { Db } from '../server/db';
import { migratedMemoryDb } from '../server/db/memory-db.testkit';
import { VisitCounter } from './visit-counter';

let db: Db;
let accountId: number;
migratedMemoryDb(async (opened) => {
  db = opened;
  accountId = await insertTestAccount(db, 'visitor', 'r');
});

const visits = async () => db.query<{ path: string; visits: number }>('SELECT path, visits FROM page_visits WHERE account_id = $1 ORDER BY path', [accountId]);

describe('page views counted in memory, written in batches', () => {
  it('writes nothing per view, then the summed counts on flush, added to what is stored', async () => {
    const counter = new VisitCounter(db, 60_000);
    for (let i = 0; i < 5; i++) counter.add(accountId, '/post/index');
    counter.add(accountId, '/app_data/index');
    expect(await visits()).toEqual([]);
    await counter.flush();
    expect(await visits()).toEqual([{ path: '/app_data/index', visits: 1 }, { path: '/post/index', visits: 5 }]);
    counter.add(accountId, '/post/index');
    await counter.flush();
    expect((await visits()).find((v) => v.path === '/post/index')?.visits).toBe(6);
  });

  it('writes by itself after the flush interval', async () => {
    const counter = new VisitCounter(db, 30);
    counter.add(accountId, '/adminAccount/account');
    await expect.poll(async () => (await visits()).find((v) => v.path === '/adminAccount/account')?.visits, { timeout: 2000 }).toBe(1);
  });
});

describe('a failed write', () => {
  it('keeps its counts and adds the views counted meanwhile', async () => {
    let fail = true;
    const flaky = { ...db, query: (text: string, params?: unknown[]) => (fail ? Promise.reject(new Error('down')) : db.query(text, params)) } as Db;
    const counter = new VisitCounter(flaky, 60_000);
    counter.add(accountId, '/job_schedule/index');
    counter.add(accountId, '/job_schedule/index');
    await counter.flush();
    counter.add(accountId, '/job_schedule/index');
    fail = false;
    await counter.flush();
    expect((await visits()).find((v) => v.path === '/job_schedule/index')?.visits).toBe(3);
  });
});
