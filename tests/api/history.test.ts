import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { addDays, reportDay } from '../../src/lib/time/day';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { historyColumns, historyContracts, historyKinds, type HistoryRow } from '../../src/lib/history/kinds';
import { nowMs } from '../../src/lib/time/clock';
import { csvRows } from '../support/unzip';
import { ownAccount, raw, rejection, signedInAs, uniqueName } from './helpers';
import { ingest } from './game-players';

/**
 * The history logs over HTTP: one player's raw events of a kind, newest first, paged with a cursor, exported
 * whole. The events are sent through the SDK endpoint to an app of this suite, so the expected rows are
 * exactly what was sent.
 */

let appId: string;
let key: string;
const player = 'p_historyplayer000001';
const other = 'p_historyplayer000002';
const HOUR = 3_600_000;
const now = nowMs();
const today = reportDay(now);

interface Sent {
  id: string;
  name: string;
  userId: string;
  time: number;
  params: Record<string, unknown>;
}
const sent: Sent[] = [];

function event(name: string, userId: string, hoursAgo: number, params: Record<string, unknown>): Sent {
  const e = { id: randomUUID(), name, userId, time: now - hoursAgo * HOUR, params };
  sent.push(e);
  return e;
}

beforeAll(async () => {
  const root = await signedInAs('root');
  appId = `com.history.${uniqueName('h').replace(/-/g, '')}`;
  await root(createAppContract, { id: appId, name: `History ${appId}`, os: [{ os: 1, packageId: `${appId}.android` }] });
  key = (await root(appDetailContract, { appId })).data.os[0]!.sdkAppKey;
  for (let i = 0; i < 7; i++) event(i % 2 ? 'level_complete' : 'level_start', player, 1 + i * 5, { level: 10 - i, mode: 'main', ...(i % 2 ? { duration: 30 + i, attempts: 1 } : {}) });
  event('level_start', player, 2, { level: 3, mode: 'minigame' });
  event('level_start', other, 3, { level: 1, mode: 'main' });
  event('iap_purchase', player, 4, { productId: 'gems_500', priceMicros: 4_990_000, currency: 'USD', revenueUsdMicros: 3_493_000, transactionId: 'GPA.1', store: 'google_play' });
  // Ten days ago: outside a 7-day range.
  event('level_fail', player, 240, { level: 2, mode: 'main', duration: 12, attempts: 3 });
  const events = sent.map((e) => ({ ...e, appVersion: '1.2.0', sdkVersion: '3.6.0', country: 'VN' }));
  const answer = await ingest(key, events, { legacy: true });
  expect(answer.status, answer.text).toBe(200);
  expect((answer.json.data as { accepted: number }).accepted).toBe(events.length);
});

const week = () => ({ appId, userId: player, from: addDays(today, -6), to: today });
/** What the log must show: the kind's events of the player in the range, newest first. */
const expected = (names: string[], mode: string | null, from: string) =>
  sent
    .filter((e) => e.userId === player && names.includes(e.name) && (mode === null || e.params.mode === mode) && reportDay(e.time) >= from)
    .sort((a, b) => b.time - a.time);

describe('history logs', () => {
  it('shows one player\'s level events of the main mode, newest first, every page once through the cursor', async () => {
    const root = await signedInAs('root');
    const want = expected(['level_start', 'level_complete', 'level_fail'], 'main', week().from);
    expect(want).toHaveLength(7);
    const seen: HistoryRow[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { data } = await root(historyContracts.level!.list, { ...week(), limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...data.rows);
      cursor = data.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((r) => r.eventId)).toEqual(want.map((e) => e.id));
    expect(seen[0]).toMatchObject({ name: 'level_start', params: { level: 10, mode: 'main' }, appVersion: '1.2.0', os: 1, country: 'VN', time: new Date(want[0]!.time).toISOString() });
    // The mini-game log has the mini-game event only; the IAP log the purchase.
    const mini = await root(historyContracts.miniGameLevel!.list, week());
    expect(mini.data.rows.map((r) => r.params.level)).toEqual([3]);
    const iap = await root(historyContracts.iapLog!.list, week());
    expect(iap.data.rows).toHaveLength(1);
    expect(iap.data.rows[0]!.params).toMatchObject({ productId: 'gems_500', revenueUsdMicros: 3_493_000, transactionId: 'GPA.1' });
    // A wider range reaches the older event.
    const month = await root(historyContracts.level!.list, { ...week(), from: addDays(today, -29) });
    expect(month.data.rows.map((r) => r.eventId)).toEqual(expected(['level_start', 'level_complete', 'level_fail'], 'main', addDays(today, -29)).map((e) => e.id));
    // Another player's log is theirs only; an unknown player's is empty.
    expect((await root(historyContracts.level!.list, { ...week(), userId: other })).data.rows).toHaveLength(1);
    expect((await root(historyContracts.level!.list, { ...week(), userId: 'nobody' })).data).toEqual({ rows: [], nextCursor: null });
  });

  it('exports the whole range as the table shows it, times with their offset and money in USD', async () => {
    const root = await signedInAs('root');
    const response = await raw('GET', `/api/history/iapLog/export?${new URLSearchParams({ ...week(), format: 'csv' })}`, { token: root.tokens.accessToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/history-iapLog-p_historyplayer000001-\d{2}-\d{2}-\d{4}\.csv/);
    const grid = csvRows(response.text);
    const columns = historyColumns(historyKinds.iapLog!);
    expect(grid[0]).toEqual(columns.map((c) => c.label));
    const row = Object.fromEntries(columns.map((c, i) => [c.label, grid[1]![i]]));
    expect(row).toMatchObject({ Event: 'iap_purchase', 'Product Id': 'gems_500', 'Revenue (USD)': '3.493', 'Price (local)': '4.99', OS: 'Android' });
    expect(row['Time (UTC+7)']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    expect(grid).toHaveLength(2);
  });

  it('answers 4xx naming the problem: range, cursor, user id, an app the account may not see, no route, no export right', async () => {
    const root = await signedInAs('root');
    const backwards = await rejection(root(historyContracts.level!.list, { ...week(), from: today, to: addDays(today, -1) }));
    expect([backwards.status, backwards.serverMessage]).toEqual([400, 'from: must not be after to']);
    const long = await rejection(root(historyContracts.level!.list, { ...week(), from: addDays(today, -400) }));
    expect([long.status, long.serverMessage]).toEqual([400, 'the range may span at most 366 days']);
    const unreal = await raw('GET', `/api/history/level?${new URLSearchParams({ ...week(), from: '2026-02-30' })}`, { token: root.tokens.accessToken });
    expect([unreal.status, unreal.json.message]).toEqual([400, 'from: is not a real date']);
    const cursor = await rejection(root(historyContracts.level!.list, { ...week(), cursor: 'not-a-cursor' }));
    expect([cursor.status, cursor.serverMessage]).toEqual([400, 'cursor: not a cursor this log answered; start from the first page.']);
    const noUser = await raw('GET', `/api/history/level?${new URLSearchParams({ ...week(), userId: '' })}`, { token: root.tokens.accessToken });
    expect([noUser.status, noUser.json.message]).toEqual([400, "userId: enter the player's user id"]);

    const outsider = await ownAccount('history-outsider', { paths: ['/gsm/history/level'], listApp: ['com.gsm.tilematch'] });
    expect((await rejection(outsider(historyContracts.level!.list, week()))).status).toBe(403);
    expect((await rejection(outsider(historyContracts.iapLog!.list, week()))).status).toBe(403);
    const reader = await ownAccount('history-reader', { paths: ['/gsm/history/level'], listApp: [appId] });
    expect((await reader(historyContracts.level!.list, week())).data.rows).toHaveLength(7);
    const file = await raw('GET', `/api/history/level/export?${new URLSearchParams({ ...week(), format: 'csv' })}`, { token: reader.tokens.accessToken });
    expect(file.status).toBe(403);
  });
});
