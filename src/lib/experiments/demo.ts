import { addDays, reportDay } from '../time/day';
import { BULK_WRITE_EVENTS, ingestEvents } from '../analytics/ingest';
import { compareVersions } from '../versions';
import type { Db } from '../server/db';
import type { Variant } from './contract';
import { AB_DEMO_DAYS, AB_DEMO_LIFT, AB_DEMO_PLAYERS, simulateExperiment } from './simulator';

/**
 * The demo studio's two A/B experiments on its first app with an Android release: "New tutorial" (B comes
 * back more: +8 pp on every day, so at D7) and an A/A check whose two arms are the same game. Both running
 * since AB_DEMO_DAYS ago, with as many exposed players as the demo studio has players (at most AB_DEMO_PLAYERS). Called once by the demo seeding.
 */
const country = (index: number) => (index === 0 ? 'TH' : 'VN');

export async function seedDemoExperiments(db: Db, now: number, users: number): Promise<void> {
  // As many players as the demo studio has (at most AB_DEMO_PLAYERS): a small demo shows an under-powered test.
  const players = Math.max(100, Math.min(AB_DEMO_PLAYERS, users));
  // The first app with an Android release, on its newest version (compared as versions: 1.10 is after 1.9).
  const releases = await db.query<{ app_id: string; version: string; sdk_version: string }>(
    `SELECT v.app_id, v.version, v.sdk_version FROM app_versions v WHERE v.os = 1 AND v.app_id = (SELECT min(app_id) FROM app_versions WHERE os = 1)`,
  );
  const app = releases.sort((a, b) => compareVersions(b.version, a.version))[0];
  if (!app) return;
  const startDay = addDays(reportDay(now), -AB_DEMO_DAYS);
  const specs: { name: string; variants: Variant[]; lift: Record<string, number> }[] = [
    // The A/A check first: the reports open on the newest experiment, the one with an effect.
    { name: 'A/A check', variants: [{ key: 'A1', weight: 50 }, { key: 'A2', weight: 50 }], lift: {} },
    { name: 'New tutorial', variants: [{ key: 'control', weight: 50 }, { key: 'B', weight: 50 }], lift: { B: AB_DEMO_LIFT } },
  ];
  for (const [index, spec] of specs.entries()) {
    // Different audiences (Android players in VN, in TH) keep the two running experiments from overlapping.
    const row = await db.one<{ id: number }>(
      `INSERT INTO experiments (app_id, name, variants, os, countries, start_day, status, started_at, updated_by)
       VALUES ($1, $2, $3::jsonb, $4, $5::jsonb, $6::date, 'running', now(), 'demo') RETURNING id`,
      [app.app_id, spec.name, JSON.stringify(spec.variants), 1, JSON.stringify([country(index)]), startDay],
    );
    const events = simulateExperiment({ experimentId: row!.id, variants: spec.variants, lift: spec.lift, players, startDay, now, seed: 16 - index, os: 1, country: country(index), appVersion: app.version, sdkVersion: app.sdk_version, prefix: `p_demoab${row!.id}x` });
    const key = await db.one<{ os: number }>('SELECT os FROM app_os WHERE app_id = $1 AND os = 1', [app.app_id]);
    // In bulk writes, as the demo studio's other events (writeDemoEvents): the ingestion's validation and insert.
    for (let i = 0; i < events.length; i += BULK_WRITE_EVENTS) await ingestEvents(db, { appId: app.app_id, os: Number(key!.os) }, events.slice(i, i + BULK_WRITE_EVENTS), now);
  }
}
