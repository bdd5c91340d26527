import { mayViewApp, requireAppField } from '../apps/service';
import type { Actor, SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import { dayStart, reportDay } from '../time/day';
import type { SdkApp } from '../analytics/ingest';
import type { PlayerClaims } from '../players/tokens';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, conflict, HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import { assignVariant, compareVersions } from './assign';
import { formatVariantSpec, GUARDRAILS, guardrailKey, parseVariantSpec, type Experiment, type ExperimentAnalysis, type ExperimentStatus, type Variant } from './contract';

/** Experiments: the manager's rules (weights, overlaps, fixed variants once running) and the SDK's assignment. */

type Row = {
  id: number; app_id: string; name: string; variants: Variant[]; os: number; countries: string[]; min_version: string; new_players_only: boolean; analysis: ExperimentAnalysis; guardrails: string[];
  start_day: string; end_day: string | null; status: ExperimentStatus; updated_by: string; updated_at: Date;
};
const COLUMNS = `id, app_id, name, variants, os, countries, min_version, new_players_only, analysis, guardrails, start_day::text AS start_day, end_day::text AS end_day, status, updated_by, updated_at`;

const toExperiment = (r: Row): Experiment => ({
  id: r.id, appId: r.app_id, name: r.name, variants: r.variants, variantSpec: formatVariantSpec(r.variants), os: Number(r.os), countries: r.countries,
  minVersion: r.min_version, newPlayersOnly: r.new_players_only, analysis: r.analysis, guardrails: r.guardrails ?? [], startDay: r.start_day, endDay: r.end_day, status: r.status, updatedBy: r.updated_by,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const forbidden = () => new HttpError(403, MESSAGES.permissionInvalid);

/** Experiments of the apps the account may see (of one app when given), newest first. */
export async function listExperiments(db: Sql, viewer: SessionAccount, appId?: string): Promise<Experiment[]> {
  if (appId && !mayViewApp(viewer, appId)) throw forbidden();
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM experiments ${appId ? 'WHERE app_id = $1' : ''} ORDER BY id DESC`, appId ? [appId] : []);
  return rows.filter((r) => mayViewApp(viewer, r.app_id)).map(toExperiment);
}

async function requireExperiment(tx: Sql, viewer: SessionAccount, id: number): Promise<Row> {
  const row = await tx.one<Row>(`SELECT ${COLUMNS} FROM experiments WHERE id = $1 FOR UPDATE`, [id]);
  if (!row || !mayViewApp(viewer, row.app_id)) throw notFound(`Experiment ${id} was not found.`);
  return row;
}

/** Two audiences can hold the same player: platforms and countries intersect (empty = all). */
function audiencesOverlap(a: Pick<Row, 'os' | 'countries'>, b: Pick<Row, 'os' | 'countries'>): boolean {
  const os = Number(a.os) === 0 || Number(b.os) === 0 || Number(a.os) === Number(b.os);
  const countries = a.countries.length === 0 || b.countries.length === 0 || a.countries.some((c) => b.countries.includes(c));
  return os && countries;
}
const periodsOverlap = (a: Pick<Row, 'start_day' | 'end_day'>, b: Pick<Row, 'start_day' | 'end_day'>) =>
  (a.end_day === null || a.end_day >= b.start_day) && (b.end_day === null || b.end_day >= a.start_day);

/** Refuses (409) a running experiment whose audience and period meet another running one of the same app. */
async function refuseOverlap(tx: Sql, row: Pick<Row, 'id' | 'app_id' | 'os' | 'countries' | 'start_day' | 'end_day'>): Promise<void> {
  const running = await tx.query<Row>(`SELECT ${COLUMNS} FROM experiments WHERE app_id = $1 AND status = 'running' AND id <> $2 ORDER BY id`, [row.app_id, row.id]);
  const clash = running.find((r) => audiencesOverlap(r, row) && periodsOverlap(r, row));
  if (clash) throw conflict(`Experiment "${clash.name}" is already running on this app for an overlapping audience and period; stop it or narrow the platform, countries or days.`);
}

export interface ExperimentInput {
  id?: number;
  appId: string;
  name: string;
  variantSpec: string;
  os: number;
  countries: string[];
  minVersion: string;
  newPlayersOnly: boolean;
  analysis?: ExperimentAnalysis;
  guardrails?: string[];
  startDay: string;
  endDay?: string | null;
}

/**
 * Guardrails as stored: canonical keys (GUARDRAILS), once each, in the order given. Unknown names are refused
 * by the contract; this repeats it for callers that bypass it. A running experiment may gain or lose guardrails:
 * they flag harm, they do not choose the test.
 */
function guardrailList(names: readonly string[]): string[] {
  const unknown = names.filter((g) => guardrailKey(g) === null);
  if (unknown.length) throw badRequest(`guardrails: ${unknown.map((g) => `"${g.slice(0, 40)}"`).join(', ')} ${unknown.length > 1 ? 'are not A/B metrics' : 'is not an A/B metric'}; guardrails are ${GUARDRAILS.join(', ')}`);
  return [...new Set(names.map((g) => guardrailKey(g)!))];
}

/** The change a running experiment's variants would make, in words, or null when they are the same. */
function variantChange(before: readonly Variant[], after: readonly Variant[]): string | null {
  const removed = before.filter((v) => !after.some((a) => a.key === v.key));
  if (removed.length && after.length > before.length - removed.length) return `variantSpec: a running experiment's variants cannot be renamed (${removed.map((v) => `"${v.key}"`).join(', ')} would be); stop it and start a new one.`;
  if (removed.length) return `variantSpec: a running experiment's variants cannot be removed (${removed.map((v) => `"${v.key}"`).join(', ')}); stop it and start a new one.`;
  if (after.length !== before.length) return 'variantSpec: a running experiment cannot gain variants (players would change variant); stop it and start a new one.';
  if (after.some((v, i) => v.key !== before[i]!.key || v.weight !== before[i]!.weight)) return 'variantSpec: a running experiment\'s weights and order are fixed (players would change variant); stop it and start a new one.';
  return null;
}

export async function saveExperiment(db: Db, actor: Actor, input: ExperimentInput): Promise<Experiment> {
  const parsed = parseVariantSpec(input.variantSpec);
  if ('error' in parsed) throw badRequest(`variantSpec: ${parsed.error}`);
  const guardrails = guardrailList(input.guardrails ?? []);
  if (!mayViewApp(actor.account, input.appId)) throw forbidden();
  return db.transaction(async (tx) => {
    await requireAppField(tx, input.appId);
    const before = input.id ? await requireExperiment(tx, actor.account, input.id) : null;
    const next = {
      app_id: input.appId, name: input.name, variants: parsed.variants, os: input.os, countries: [...new Set(input.countries)], min_version: input.minVersion,
      new_players_only: input.newPlayersOnly, analysis: input.analysis ?? 'fixed', guardrails, start_day: input.startDay, end_day: input.endDay ?? null,
    };
    if (before) {
      if (before.status === 'stopped') throw conflict('A stopped experiment cannot be changed: its report stays as it ran.');
      if (before.app_id !== next.app_id) throw badRequest('appId: an experiment cannot move to another app.');
      if (before.status === 'running') {
        const change = variantChange(before.variants, next.variants);
        if (change) throw badRequest(change);
        if (before.start_day !== next.start_day) throw badRequest('startDay: a running experiment keeps its start day.');
        // Choosing the test after seeing the data would let one pick whichever p-value is smaller.
        if (before.analysis !== next.analysis) throw badRequest('analysis: a running experiment keeps its analysis method (fixed or sequential); choose it before starting.');
        await refuseOverlap(tx, { ...next, id: before.id });
      }
    }
    const params = [next.app_id, next.name, JSON.stringify(next.variants), next.os, JSON.stringify(next.countries), next.min_version, next.new_players_only, next.start_day, next.end_day, actor.account.username, next.analysis, JSON.stringify(next.guardrails)];
    const row = before
      ? await tx.one<Row>(
          `UPDATE experiments SET app_id = $1, name = $2, variants = $3::jsonb, os = $4, countries = $5::jsonb, min_version = $6, new_players_only = $7,
                  start_day = $8::date, end_day = $9::date, updated_by = $10, analysis = $11, guardrails = $12::jsonb, updated_at = now() WHERE id = $13 RETURNING ${COLUMNS}`,
          [...params, before.id],
        )
      : await tx.one<Row>(
          `INSERT INTO experiments (app_id, name, variants, os, countries, min_version, new_players_only, start_day, end_day, updated_by, analysis, guardrails)
           VALUES ($1, $2, $3::jsonb, $4, $5::jsonb, $6, $7, $8::date, $9::date, $10, $11, $12::jsonb) RETURNING ${COLUMNS}`,
          params,
        );
    const saved = toExperiment(row!);
    await auditAs(tx, actor, {
      action: before ? 'update' : 'create', entity: 'experiment', entityId: saved.id,
      before: before ? toExperiment(before) : undefined, after: saved,
    });
    return saved;
  });
}

/** draft → running (refused when it overlaps a running one), running → stopped; nothing else. */
export async function setExperimentStatus(db: Db, actor: Actor, id: number, to: 'running' | 'stopped'): Promise<Experiment> {
  return db.transaction(async (tx) => {
    const before = await requireExperiment(tx, actor.account, id);
    const from = before.status;
    if (to === 'running' && from !== 'draft') throw conflict(from === 'running' ? `"${before.name}" is already running.` : `"${before.name}" was stopped; a stopped experiment cannot run again (start a new one).`);
    if (to === 'stopped' && from !== 'running') throw conflict(from === 'draft' ? `"${before.name}" has not started; delete the draft instead.` : `"${before.name}" is already stopped.`);
    if (to === 'running') await refuseOverlap(tx, before);
    const row = await tx.one<Row>(
      `UPDATE experiments SET status = $2, ${to === 'running' ? 'started_at' : 'stopped_at'} = now(), updated_by = $3, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, to, actor.account.username],
    );
    const saved = toExperiment(row!);
    await auditAs(tx, actor, { action: to === 'running' ? 'start' : 'stop', entity: 'experiment', entityId: id, before: { status: from }, after: { status: to } });
    return saved;
  });
}

/** Only drafts are deleted: a started experiment's report must stay explainable. */
export async function deleteExperiment(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const before = await requireExperiment(tx, actor.account, id);
    if (before.status !== 'draft') throw conflict(`"${before.name}" has ${before.status === 'running' ? 'started' : 'run'}; only drafts can be deleted (stop it instead).`);
    await tx.query('DELETE FROM experiments WHERE id = $1', [id]);
    await auditAs(tx, actor, { action: 'delete', entity: 'experiment', entityId: id, before: toExperiment(before) });
    return { id };
  });
}

/**
 * The SDK's call: the player's variants of the app's running experiments (today within start..end) whose
 * audience the player matches. Nothing is stored; the game confirms with an experiment_exposure event when
 * the player actually sees the variant, and only exposed players count in reports.
 */
export async function assignmentsFor(db: Sql, app: SdkApp, player: PlayerClaims, device: { appVersion?: string; country?: string }, now = nowMs()) {
  const today = reportDay(now);
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM experiments WHERE app_id = $1 AND status = 'running' AND start_day <= $2::date AND (end_day IS NULL OR end_day >= $2::date) ORDER BY id`,
    [app.appId, today],
  );
  if (!rows.length) return { experiments: [] };
  const created = await db.one<{ created_at: Date }>('SELECT created_at FROM players WHERE app_id = $1 AND player_id = $2', [app.appId, player.playerId]);
  const createdMs = created ? new Date(created.created_at).getTime() : now;
  const matches = (r: Row) =>
    (Number(r.os) === 0 || Number(r.os) === app.os) &&
    (r.countries.length === 0 || (device.country !== undefined && r.countries.includes(device.country))) &&
    (!r.min_version || (device.appVersion !== undefined && compareVersions(device.appVersion, r.min_version) >= 0)) &&
    (!r.new_players_only || createdMs >= dayStart(r.start_day));
  return { experiments: rows.filter(matches).map((r) => ({ experiment: String(r.id), name: r.name, variant: assignVariant(r.id, r.variants, player.playerId) })) };
}
