import { compareVersions } from '../versions';
import { tunables, type Tunables } from '../server/config';
import type { Db } from '../server/db';
import { BULK_WRITE_EVENTS, ingestEvents } from './ingest';
import { rollupFirstRange } from './rollup-range';
import { simulateStudio, type SimApp, type SimBatch } from './simulator';
import { nowMs } from '../time/clock';
import { seedDemoExperiments } from '../experiments/demo';

/**
 * The demo studio: a small simulated history on the demo apps, seeded once with the demo data so that
 * the analytics screens and the dashboard have figures on a fresh database. Events go through the same
 * validation and write path as the SDK endpoint (in process, without HTTP, in larger batches: writeDemoEvents),
 * then are rolled up over the whole range at once (rollup-range.ts).
 * DEMO_TELEMETRY=0 skips it; DEMO_TELEMETRY_USERS and DEMO_TELEMETRY_DAYS size it (src/lib/server/config.ts).
 */
export async function seedDemoTelemetry(db: Db, options: Tunables['demoTelemetry'] = tunables().demoTelemetry): Promise<void> {
  const { enabled, users, days } = options;
  if (!enabled) return;
  const started = performance.now();
  const rows = await db.query<{ app_id: string; os: number; sdk_app_key: string }>('SELECT app_id, os, sdk_app_key FROM app_os ORDER BY app_id, os');
  const apps = new Map<string, SimApp>();
  const share = { 1: 6, 2: 3, 3: 1 } as const;
  for (const row of rows) {
    const os = Number(row.os) as 1 | 2 | 3;
    const app = apps.get(row.app_id) ?? { appId: row.app_id, platforms: [] };
    app.platforms.push({ os, key: row.sdk_app_key, share: share[os] });
    apps.set(row.app_id, app);
  }
  // Players run the versions App Manager knows; an app without any (not released yet) gets no data.
  const versions = await db.query<{ app_id: string; os: number; version: string; sdk_version: string }>('SELECT app_id, os, version, sdk_version FROM app_versions');
  for (const app of apps.values()) {
    app.versions = {};
    for (const platform of app.platforms) {
      const list = versions.filter((v) => v.app_id === app.appId && Number(v.os) === platform.os).sort((a, b) => compareVersions(a.version, b.version));
      app.versions[platform.os] = list.map((v) => ({ version: v.version, sdkVersion: v.sdk_version }));
    }
    app.platforms = app.platforms.filter((p) => app.versions![p.os]!.length > 0);
    if (app.platforms.length === 0) apps.delete(app.appId);
  }
  if (apps.size === 0 || users <= 0) return;
  const now = nowMs();
  const written = await writeDemoEvents(db, simulateStudio({ apps: [...apps.values()], users, days, seed: 2026, now }), now);
  const simulated = performance.now();
  await seedDemoExperiments(db, now, users);
  const ingested = performance.now();
  // Set-based over the whole range (the tables are empty of these apps): one pass, not one per day.
  const rollup = await rollupFirstRange(db, { budgetMs: 10 * 60_000 });
  const ms = (t: number) => Math.round(t);
  const slowest = [...rollup.steps].sort((a, b) => b.ms - a.ms).slice(0, 6).map((s) => `${s.table}: ${ms(s.ms)} ms`);
  console.log(
    `[db] seeded demo telemetry: ${written.events} events from ${users} players over ${days} days (${ms(ingested - started)} ms: simulated and written ${ms(simulated - started)} ms, of which writing ${ms(written.writeMs)} ms; A/B exposures ${ms(ingested - simulated)} ms), ${rollup.appDays} app-days rolled up${rollup.range ? ' at once' : ' day by day'} (${ms(performance.now() - ingested)} ms${slowest.length ? `; slowest: ${slowest.join('; ')}` : ''})`,
  );
}

/** Events per write of the demo studio: one statement (and one COPY on PGlite) per this many. */
export const DEMO_WRITE_EVENTS = BULK_WRITE_EVENTS;

/**
 * The simulated SDK batches written through the ingestion service, gathered per app platform into writes of
 * DEMO_WRITE_EVENTS: the same validation and the same insert as the SDK endpoint (ingestEvents), so the same
 * rows (demo.test.ts compares them), with a twentieth of the statements and, on PGlite, the rows COPYed
 * instead of parsed as literal VALUES. Answers the events accepted and the time spent in the writes (the rest
 * is the simulation).
 */
export async function writeDemoEvents(db: Db, batches: Iterable<SimBatch>, now: number): Promise<{ events: number; writeMs: number }> {
  const pending = new Map<string, { appId: string; os: number; events: unknown[] }>();
  let accepted = 0;
  let writeMs = 0;
  const write = async (key: string) => {
    const group = pending.get(key)!;
    pending.delete(key);
    const t = performance.now();
    accepted += (await ingestEvents(db, { appId: group.appId, os: group.os }, group.events, now)).accepted;
    writeMs += performance.now() - t;
  };
  for (const batch of batches) {
    const key = `${batch.appId}\u0000${batch.os}`;
    const group = pending.get(key) ?? { appId: batch.appId, os: batch.os, events: [] };
    pending.set(key, group);
    group.events.push(...batch.events);
    if (group.events.length >= DEMO_WRITE_EVENTS) await write(key);
  }
  for (const key of [...pending.keys()]) await write(key);
  return { events: accepted, writeMs };
}
