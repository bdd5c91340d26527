import type { Actor, SessionAccount } from '../auth/types';
import { MESSAGES } from '../http/messages';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, HttpError, notFound } from '../server/errors';
import { rollUpDays, writeBatch } from './batches';
import { assertDaysOpen } from './closing';
import type { Correction, CorrectionKey } from './correction-contract';
import { AD_NETWORKS, STORE_FEE, STORES, UA_CHANNELS } from './model';
import { requireRate, toMicros, toUsd } from './money';
import { financeApps } from './scope';

/**
 * Manual corrections (issue 37): one record per (app, day, OS, kind, network/store/channel, currency) that
 * REPLACES the imported figures of that key (batches.ts countedRevenueRows / countedCostRows leave them
 * out). Entering a correction of a key that has one replaces it; corrections of other keys are untouched.
 * The corrected figure is written as a row of source 'manual' through writeBatch (so every rollup counts
 * it); undo retires that row and deletes the record, and the imported figure counts again.
 */

const n = (v: unknown) => Number(v ?? 0);

export type CorrectionKind = 'ads' | 'iap' | 'cost';

/** The allowed names of a kind, in finance's spelling. */
const namesOf = (kind: CorrectionKind): readonly string[] => (kind === 'ads' ? AD_NETWORKS : kind === 'iap' ? Object.values(STORES) : UA_CHANNELS);
const nameNoun = (kind: CorrectionKind) => (kind === 'cost' ? 'channel' : kind === 'iap' ? 'store' : 'network');

function canonicalName(kind: CorrectionKind, name: string): string {
  const found = namesOf(kind).find((a) => a.toLowerCase() === name.trim().toLowerCase());
  if (!found) throw badRequest(`name: unknown ${nameNoun(kind)} "${name}" (allowed: ${namesOf(kind).join(', ')})`);
  return found;
}

async function requireFinanceApp(db: Sql, viewer: SessionAccount, appId: string) {
  if (!(await financeApps(db, viewer)).some((a) => a.id === appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
}

/** SQL matching the current rows of one key in finance_revenue (ads, iap) or finance_cost (cost). */
function keyWhere(kind: CorrectionKind) {
  return kind === 'cost'
    ? { table: 'finance_cost', where: `current AND app_id = $1 AND day = $2::date AND os = $3 AND channel = $4 AND currency = $5` }
    : { table: 'finance_revenue', where: `current AND app_id = $1 AND day = $2::date AND os = $3 AND network = $4 AND currency = $5 AND kind = $6` };
}
const keyParams = (k: CorrectionKey) => (k.kind === 'cost' ? [k.appId, k.day, k.os, k.name, k.currency] : [k.appId, k.day, k.os, k.name, k.currency, k.kind]);

/** What the imports say for a key (every current row that is not a correction), in the key's currency and in USD. */
async function importedOf(db: Sql, k: CorrectionKey): Promise<{ amount: number; usd: number; rows: number }> {
  const { table, where } = keyWhere(k.kind);
  const [money, usd] = k.kind === 'cost' ? ['cost', 'cost_usd'] : ['gross', 'gross_usd'];
  const row = await db.one<{ amount: string; usd: string; rows: number }>(
    `SELECT coalesce(sum(${money}), 0)::text AS amount, coalesce(sum(${usd}), 0)::text AS usd, count(*)::int AS rows FROM ${table} WHERE ${where} AND source <> 'manual'`,
    keyParams(k),
  );
  return { amount: n(row?.amount), usd: n(row?.usd), rows: n(row?.rows) };
}

type CorrectionRecord = { app_id: string; day: string; os: number; kind: CorrectionKind; name: string; currency: string; amount: string; usd: string; reason: string; created_by: string; created_at: Date | string };

async function toCorrection(db: Sql, r: CorrectionRecord): Promise<Correction> {
  const key: CorrectionKey = { appId: r.app_id, day: r.day, os: Number(r.os) as 1 | 2 | 3, kind: r.kind, name: r.name, currency: r.currency };
  const imported = await importedOf(db, key);
  const corrected = n(r.amount);
  const correctedUsd = n(r.usd);
  return {
    ...key, imported: imported.amount, importedUsd: imported.usd, corrected, correctedUsd,
    difference: corrected - imported.amount, differenceUsd: correctedUsd - imported.usd,
    reason: r.reason, createdBy: r.created_by, createdAt: new Date(r.created_at).toISOString(),
  };
}

const RECORD_COLUMNS = `app_id, day::text AS day, os, kind, name, currency, amount::text AS amount, usd::text AS usd, reason, created_by, created_at`;
const recordWhere = `app_id = $1 AND day = $2::date AND os = $3 AND kind = $4 AND name = $5 AND currency = $6`;
const recordParams = (k: CorrectionKey) => [k.appId, k.day, k.os, k.kind, k.name, k.currency];

/** Retires the current correction row of a key (it stays as an older data version). */
async function retireManualRow(tx: Sql, k: CorrectionKey): Promise<void> {
  const { table, where } = keyWhere(k.kind);
  await tx.query(`UPDATE ${table} SET current = false WHERE ${where} AND source = 'manual'`, keyParams(k));
}

export interface CorrectionInput {
  appId: string;
  day: string;
  os: 1 | 2 | 3;
  kind: CorrectionKind;
  name: string;
  amount: number;
  currency: string;
  reason: string;
}

/** Enters (or replaces) the correction of one key; audited with author, time, reason, before and after. */
export async function saveCorrection(db: Db, actor: Actor, input: CorrectionInput) {
  await requireFinanceApp(db, actor.account, input.appId);
  const key: CorrectionKey = { appId: input.appId, day: input.day, os: input.os, kind: input.kind, name: canonicalName(input.kind, input.name), currency: input.currency };
  return db.transaction(async (tx) => {
    await assertDaysOpen(tx, [key.day]);
    const rate = await requireRate(tx, key.currency, key.day, 'currency');
    const amount = toMicros(input.amount);
    const usd = toUsd(amount, rate);
    const beforeRecord = await tx.one<CorrectionRecord>(`SELECT ${RECORD_COLUMNS} FROM finance_corrections WHERE ${recordWhere}`, recordParams(key));
    const before = beforeRecord ? await toCorrection(tx, beforeRecord) : null;
    await retireManualRow(tx, key);
    const net = key.kind === 'iap' ? Math.round(amount * (1 - STORE_FEE)) : amount;
    const result = await writeBatch(tx, {
      source: 'manual',
      createdBy: actor.account.username,
      summary: `correction: ${key.kind} ${key.name} ${key.appId} ${key.day}: ${input.amount} ${key.currency}${input.reason ? ` (${input.reason})` : ''}`,
      // A correction replaces only its own key (retired above), never the app-day's other corrections.
      covers: { unit: 'day', keys: [] },
      ...(key.kind === 'cost'
        ? { cost: [{ appId: key.appId, day: key.day, os: key.os, channel: key.name, campaign: 'correction', currency: key.currency, cost: amount, costUsd: usd, installs: 0, revD0Usd: 0, revD7Usd: 0, revD30Usd: 0 }] }
        : { revenue: [{ appId: key.appId, day: key.day, os: key.os, kind: key.kind, network: key.name, currency: key.currency, gross: amount, net, grossUsd: usd, netUsd: toUsd(net, rate) }] }),
    });
    const record = await tx.one<CorrectionRecord>(
      `INSERT INTO finance_corrections (app_id, day, os, kind, name, currency, amount, usd, reason, batch_id, created_by, created_at)
       VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
       ON CONFLICT (app_id, day, os, kind, name, currency) DO UPDATE SET amount = $7, usd = $8, reason = $9, batch_id = $10, created_by = $11, created_at = now()
       RETURNING ${RECORD_COLUMNS}`,
      [...recordParams(key), amount, usd, input.reason, result.batchId, actor.account.username],
    );
    // The rollups count a key as corrected by its record: roll the app-day up again now that it exists.
    await rollUpDays(tx, [{ app_id: key.appId, day: key.day }]);
    const correction = await toCorrection(tx, record!);
    await auditAs(tx, actor, {
      action: 'finance_correction', entity: 'finance_correction', entityId: correctionId(key),
      before, after: correction,
    });
    return { batchId: result.batchId, dataVersion: result.dataVersion, correction };
  });
}

/** The audit log's id of a key: app/day/os/kind/name/currency. */
export const correctionId = (k: CorrectionKey) => [k.appId, k.day, k.os, k.kind, k.name, k.currency].join('/');

/** Undo: deletes the correction of a key; the imported figures count again. */
export async function undoCorrection(db: Db, actor: Actor, input: CorrectionKey) {
  await requireFinanceApp(db, actor.account, input.appId);
  const key = { ...input, name: canonicalName(input.kind, input.name) };
  return db.transaction(async (tx) => {
    const record = await tx.one<CorrectionRecord>(`SELECT ${RECORD_COLUMNS} FROM finance_corrections WHERE ${recordWhere} FOR UPDATE`, recordParams(key));
    if (!record) throw notFound(`No correction of ${key.kind} ${key.name} ${key.currency} for ${key.appId} on ${key.day} (OS ${key.os}).`);
    await assertDaysOpen(tx, [key.day]);
    const before = await toCorrection(tx, record);
    await retireManualRow(tx, key);
    await tx.query(`DELETE FROM finance_corrections WHERE ${recordWhere}`, recordParams(key));
    await rollUpDays(tx, [{ app_id: key.appId, day: key.day }]);
    await auditAs(tx, actor, {
      action: 'finance_correction_undo', entity: 'finance_correction', entityId: correctionId(key),
      before, after: null,
    });
    const imported = await importedOf(tx, key);
    return { ...key, imported: imported.amount, importedUsd: imported.usd };
  });
}

/** The corrections of the account's finance apps in a range (optionally one app), with imported, corrected and the difference. */
export async function listCorrections(db: Sql, viewer: SessionAccount, input: { from: string; to: string; appId?: string }): Promise<Correction[]> {
  const apps = (await financeApps(db, viewer)).map((a) => a.id);
  if (input.appId && !apps.includes(input.appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
  const wanted = input.appId ? [input.appId] : apps;
  const records = await db.query<CorrectionRecord>(
    `SELECT ${RECORD_COLUMNS} FROM finance_corrections
      WHERE app_id IN (SELECT jsonb_array_elements_text($1::jsonb)) AND day BETWEEN $2::date AND $3::date
      ORDER BY day, app_id, os, kind, name, currency`,
    [JSON.stringify(wanted), input.from, input.to],
  );
  const out: Correction[] = [];
  for (const r of records) out.push(await toCorrection(db, r));
  return out;
}
