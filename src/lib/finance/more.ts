import type { Actor, SessionAccount } from '../auth/types';
import { addDays } from '../time/day';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, HttpError } from '../server/errors';
import { MESSAGES } from '../http/messages';
import { writeBatch, type CostFigure, type RevenueFigure } from './batches';
import { SOURCES, STORE_FEE, STORES, type FinanceSource } from './model';
import { loadRates, noRateMessage, toMicros, toUsd } from './money';
import { monthRange } from './month';
import type { BatchInfo } from './more-contract';
import { financeApps, seesAllFinance } from './scope';
import { formatUsdMicros } from '../numbers';

/** Data versions, the finance app list and the JSON imports (Facebook/Instagram, store reports). */

const n = (v: unknown) => Number(v ?? 0);

/**
 * Batches that wrote figures of the account's finance apps, newest first. An account that does not see every
 * finance app gets each batch as far as its apps go: the rows and the USD total of its apps, never the whole
 * file's summary (a team-A account sees team A's $286.00, not the file's $1,662.00).
 */
export async function dataVersions(db: Sql, viewer: SessionAccount, source: string | undefined, limit: number): Promise<BatchInfo[]> {
  const apps = (await financeApps(db, viewer)).map((a) => a.id);
  // EXISTS, not count(*): a batch can hold millions of rows (the demo seed, a studio's history).
  const rows = await db.query<{ id: number; source: string; file_name: string; created_by: string; created_at: Date | string; row_count: number; summary: string; current: boolean }>(
    `SELECT b.id, b.source, b.file_name, b.created_by, b.created_at, b.row_count, b.summary,
            (EXISTS (SELECT 1 FROM finance_revenue r WHERE r.batch_id = b.id AND r.current) OR EXISTS (SELECT 1 FROM finance_cost c WHERE c.batch_id = b.id AND c.current)) AS current
       FROM finance_batches b
      WHERE ($1::text IS NULL OR b.source = $1)
        AND (EXISTS (SELECT 1 FROM finance_revenue r WHERE r.batch_id = b.id AND r.app_id IN (SELECT jsonb_array_elements_text($2::jsonb)))
          OR EXISTS (SELECT 1 FROM finance_cost c WHERE c.batch_id = b.id AND c.app_id IN (SELECT jsonb_array_elements_text($2::jsonb))))
      ORDER BY b.id DESC LIMIT $3`,
    [source ?? null, JSON.stringify(apps), limit],
  );
  const scoped = (await seesAllFinance(db, viewer)) ? null : await batchShares(db, rows.map((r) => r.id), apps);
  return rows.map((r) => {
    const share = scoped?.get(r.id);
    return {
      id: r.id, source: r.source, label: SOURCES[r.source as FinanceSource]?.label ?? r.source, fileName: r.file_name, createdBy: r.created_by,
      createdAt: new Date(r.created_at).toISOString(), current: Boolean(r.current),
      rows: share ? share.rows : n(r.row_count),
      summary: share ? share.summary : r.summary,
    };
  });
}

/** Per batch, the rows and USD total of some apps only (revenue gross or cost), summarised as an import would. */
async function batchShares(db: Sql, batchIds: readonly number[], apps: readonly string[]): Promise<Map<number, { rows: number; summary: string }>> {
  const out = new Map<number, { rows: number; summary: string }>();
  if (!batchIds.length) return out;
  const shares = await db.query<{ batch_id: number; rows: number; usd: string; first: string; last: string }>(
    `SELECT batch_id, sum(rows)::int AS rows, sum(usd)::text AS usd, min(first) AS first, max(last) AS last FROM (
       SELECT batch_id, count(*) AS rows, sum(gross_usd) AS usd, min(day)::text AS first, max(day)::text AS last FROM finance_revenue
        WHERE batch_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int) AND app_id IN (SELECT jsonb_array_elements_text($2::jsonb)) GROUP BY batch_id
       UNION ALL
       SELECT batch_id, count(*), sum(cost_usd), min(day)::text, max(day)::text FROM finance_cost
        WHERE batch_id IN (SELECT jsonb_array_elements_text($1::jsonb)::int) AND app_id IN (SELECT jsonb_array_elements_text($2::jsonb)) GROUP BY batch_id
     ) s GROUP BY batch_id`,
    [JSON.stringify(batchIds), JSON.stringify(apps)],
  );
  for (const s of shares) {
    const period = s.first.slice(0, 7) === s.last.slice(0, 7) ? s.first.slice(0, 7) : `${s.first}..${s.last}`;
    out.set(Number(s.batch_id), { rows: n(s.rows), summary: `${n(s.rows)} row(s) of ${period} for your apps, ${formatUsdMicros(n(s.usd))}` });
  }
  return out;
}

/** The finance app picker: the permitted apps, archived ones left out (their figures stay in the reports). */
export async function financeAppOs(db: Sql, viewer: SessionAccount) {
  const archived = new Set((await db.query<{ id: string }>(`SELECT id FROM apps WHERE archived_at IS NOT NULL`)).map((r) => r.id));
  const apps = (await financeApps(db, viewer)).filter((a) => !archived.has(a.id));
  const os = await db.query<{ app_id: string; os: number; package_id: string }>(
    `SELECT app_id, os, package_id FROM app_os WHERE app_id IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY os`,
    [JSON.stringify(apps.map((a) => a.id))],
  );
  return apps.map((a) => {
    const mine = os.filter((o) => o.app_id === a.id);
    // The package name / bundle id lets Import Studio map the stores' own reports (product id, IAP vendor id) to apps.
    return { appId: a.id, name: a.name, team: a.team, os: mine.map((o) => Number(o.os)), packages: mine.map((o) => ({ os: Number(o.os), packageId: o.package_id })) };
  });
}

async function requireFinanceApps(db: Sql, viewer: SessionAccount, ids: readonly string[]) {
  const permitted = new Set((await financeApps(db, viewer)).map((a) => a.id));
  for (const id of ids) if (!permitted.has(id)) throw new HttpError(403, MESSAGES.permissionInvalid);
}

/** Splits a month's amount over its days in whole micros (the remainder on the last day), so daily screens keep the month's sum exactly. */
export function spreadOverMonth(month: string, micros: number): { day: string; micros: number }[] {
  const { from, to } = monthRange(month);
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const each = Math.floor(micros / days.length);
  return days.map((day, i) => ({ day, micros: i === days.length - 1 ? micros - each * (days.length - 1) : each }));
}

type FbRow = { appId: string; os: 1 | 2 | 3; campaign: string; cost: number; installs: number; currency: string };

export async function importFacebook(db: Db, actor: Actor, input: { month: string; rows: FbRow[] } | { rows: (FbRow & { day: string })[] }) {
  await requireFinanceApps(db, actor.account, input.rows.map((r) => r.appId));
  return db.transaction(async (tx) => {
    const rates = await loadRates(tx, input.rows.map((r) => r.currency));
    const cost: CostFigure[] = [];
    for (const [i, r] of input.rows.entries()) {
      const pieces = 'month' in input ? spreadOverMonth(input.month, toMicros(r.cost)) : [{ day: (r as FbRow & { day: string }).day, micros: toMicros(r.cost) }];
      for (const [k, p] of pieces.entries()) {
        const rate = rates(r.currency, p.day);
        if (rate === null) throw badRequest(noRateMessage(`rows.${i}.currency`, r.currency, p.day));
        // Installs spread as whole numbers: floor per day, the remainder on the last day.
        const perDay = 'month' in input ? (k === pieces.length - 1 ? r.installs - Math.floor(r.installs / pieces.length) * (pieces.length - 1) : Math.floor(r.installs / pieces.length)) : r.installs;
        cost.push({ appId: r.appId, day: p.day, os: r.os, channel: 'Meta', campaign: r.campaign, currency: r.currency, cost: p.micros, costUsd: toUsd(p.micros, rate), installs: perDay, revD0Usd: 0, revD7Usd: 0, revD30Usd: 0 });
      }
    }
    const keys = 'month' in input
      ? [...new Set(input.rows.map((r) => r.appId))].map((appId) => ({ appId, period: input.month }))
      : [...new Set(input.rows.map((r) => `${r.appId}|${(r as FbRow & { day: string }).day}`))].map((k) => ({ appId: k.split('|')[0]!, period: k.split('|')[1]! }));
    const result = await writeBatch(tx, {
      source: 'facebookig', createdBy: actor.account.username, summary: `${input.rows.length} Facebook & Instagram row(s)${'month' in input ? ` of ${input.month}` : ''}`,
      covers: { unit: 'month' in input ? 'month' : 'day', keys }, cost,
    });
    await auditAs(tx, actor, { action: 'finance_import_facebookig', entity: 'finance_batch', entityId: result.batchId, after: { rows: input.rows.length } });
    return { batchId: result.batchId, dataVersion: result.dataVersion, rows: cost.length, replaced: result.replaced };
  });
}

export async function importIapStudio(db: Db, actor: Actor, input: { month: string; fileName?: string; rows: { appId: string; os: 1 | 2 | 3; gross: number; net?: number; currency: string }[] }) {
  await requireFinanceApps(db, actor.account, input.rows.map((r) => r.appId));
  return db.transaction(async (tx) => {
    const rates = await loadRates(tx, input.rows.map((r) => r.currency));
    const revenue: RevenueFigure[] = [];
    for (const [i, r] of input.rows.entries()) {
      const gross = toMicros(r.gross);
      const net = r.net === undefined ? Math.round(gross * (1 - STORE_FEE)) : toMicros(r.net);
      if (net > gross) throw badRequest(`rows.${i}.net: must not exceed gross`);
      const netByDay = spreadOverMonth(input.month, net);
      for (const [k, p] of spreadOverMonth(input.month, gross).entries()) {
        const rate = rates(r.currency, p.day);
        if (rate === null) throw badRequest(noRateMessage(`rows.${i}.currency`, r.currency, p.day));
        const dayNet = netByDay[k]!.micros;
        revenue.push({ appId: r.appId, day: p.day, os: r.os, kind: 'iap', network: STORES[r.os], currency: r.currency, gross: p.micros, net: dayNet, grossUsd: toUsd(p.micros, rate), netUsd: toUsd(dayNet, rate) });
      }
    }
    const keys = [...new Set(input.rows.map((r) => r.appId))].map((appId) => ({ appId, period: input.month }));
    const result = await writeBatch(tx, { source: 'studio_iap', fileName: input.fileName, createdBy: actor.account.username, summary: `store report of ${input.month}: ${input.rows.length} row(s)`, covers: { unit: 'month', keys }, revenue });
    await auditAs(tx, actor, { action: 'finance_import_iap_studio', entity: 'finance_batch', entityId: result.batchId, after: { month: input.month, rows: input.rows.length } });
    return { batchId: result.batchId, dataVersion: result.dataVersion, rows: revenue.length, replaced: result.replaced };
  });
}
