import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainDataContract } from '../../src/lib/analytics/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { historyContracts } from '../../src/lib/history/kinds';
import { createRequester } from '../../src/lib/http/requester';
import { nowMs } from '../../src/lib/time/clock';
import { addDays, reportDay } from '../../src/lib/time/day';
import { startServer } from '../support/own-server';
import { DEMO_PASSWORD } from './helpers';
import { ingest } from './game-players';

/**
 * A console on EVENT_STORE=chdb killed with SIGKILL while SDK batches are being written loses none it
 * acknowledged: after a restart on the same data directory (its PGlite and its chdb directory), every batch that
 * was answered 200 is there in full. The chdb worker ends with the console (its IPC channel closes), so the
 * restarted console can open the directory again. The user-day sums kept beside the events (every fifth event
 * of a batch opens a session) are written apart from them, so a write the kill cut short may have left one
 * without the other: after the restart Main Data must count each player once and each session once.
 */
const APP = 'com.kill.events';
const dataDir = mkdtempSync(join(tmpdir(), 'gsm-chdb-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function rootAt(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: DEMO_PASSWORD }) });
  const { data } = (await login.json()) as { data: { accessToken: string } };
  return createRequester({ baseUrl, headers: { authorization: `Bearer ${data.accessToken}` } });
}

describe('kill -9 during ingestion on chdb', () => {
  it('keeps every acknowledged batch, and a batch re-sent after the restart is stored once (reads are not FINAL on chdb)', async () => {
    const env = { EVENT_STORE: 'chdb', DATABASE_URL: '', DEMO_TELEMETRY: '0', DATA_DIR: dataDir };
    const first = await startServer(env, { keepDir: true });
    const root = await rootAt(first.baseUrl);
    await root(createAppContract, { id: APP, name: 'Kill', os: [{ os: 1, packageId: `${APP}.android` }] });
    const key = (await root(appDetailContract, { appId: APP })).data.os[0]!.sdkAppKey;
    const time = nowMs() - 60_000;
    const acknowledged: string[] = [];
    const sent = new Map<string, Record<string, unknown>[]>();
    let sending = true;
    // Eight senders, each batch one player's 500 counter events (the worker writes one batch at a time, so several
    // wait in its queue at any moment): a batch answered 200 must be there whole.
    const sender = async (lane: number) => {
      for (let n = 0; sending; n++) {
        const user = `k${lane}-${n}`;
        const events = Array.from({ length: 500 }, (_, i) =>
          i % 5 === 0
            ? { id: `${user}-${i}`, name: 'session_start', userId: user, time: time + i, appVersion: '1.0', params: { sessionId: `${user}-s${i}` } }
            : { id: `${user}-${i}`, name: 'counter', userId: user, time: time + i, appVersion: '1.0', params: { name: 'coins', value: i } });
        sent.set(user, events);
        try {
          const response = await ingest(key, events, { base: first.baseUrl });
          if (response.status === 200 && response.json.data?.accepted === 500) {
            acknowledged.push(user);
            // Killed the moment the 12th answer arrives, while other batches are still being written.
            if (acknowledged.length === 12) first.kill();
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = [0, 1, 2, 3, 4, 5, 6, 7].map(sender);
    while (acknowledged.length < 12) await new Promise((r) => setTimeout(r, 20));
    sending = false;
    await Promise.all(lanes);
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);

    const second = await startServer(env, { keepDir: true });
    try {
      const again = await rootAt(second.baseUrl);
      const today = reportDay(nowMs());
      // The SDK sends again every batch it has no answer for (and a batch answered but not seen as answered):
      // what the killed console had written is reported as duplicates, the rest stored, each event once.
      for (const [user, events] of sent) {
        const response = await ingest(key, events, { base: second.baseUrl });
        expect(response.status, user).toBe(200);
        expect(response.json.data!.accepted, user).toBe(500);
        if (acknowledged.includes(user)) expect(response.json.data!.duplicates, user).toBe(500);
      }
      expect(sent.size).toBeGreaterThan(acknowledged.length);
      for (const user of sent.keys()) {
        let rows = 0;
        let cursor: string | undefined;
        do {
          const { data } = await again(historyContracts.counterLog!.list, { appId: APP, userId: user, from: addDays(today, -1), to: today, limit: 200, ...(cursor ? { cursor } : {}) });
          rows += data.rows.length;
          cursor = data.nextCursor ?? undefined;
        } while (cursor);
        expect(rows, user).toBe(400);
      }
      const day = reportDay(time);
      const main = (await again(mainDataContract, { apps: [APP], from: day, to: day })).data;
      expect(main.rows.find((r) => r.day === day)).toMatchObject({ dau: sent.size, sessions: 100 * sent.size });
    } finally {
      await second.stop();
    }
  }, 240_000);
});
