/**
 * Per app-platform records: publish dates and pTracking.
 */
import type { Actor, SessionAccount } from '../auth/types';
import type { Db, Sql } from '../server/db';
import { conflict, notFound } from '../server/errors';
import type { z } from 'zod';
import type { PTracking, pTrackingActionContract, PublishDate, publishDateActionContract } from './contract';
import { normaliseTags } from './rules';
import { visibleAppCondition } from './visibility';
import { audit, isUniqueViolation, iso, requireVisibleApp } from './rows';

type PublishDateInput = z.output<(typeof publishDateActionContract)['request']>;
type PTrackingInput = z.output<(typeof pTrackingActionContract)['request']>;

/** The columns every per-app-platform record (publish date, pTracking) has. */
interface AppRecordRow {
  id: number;
  app_id: string;
  os: number;
  note: string;
  created_at: Date | string;
  updated_at: Date | string;
}

function appRecordFields(row: AppRecordRow) {
  return { id: row.id, appId: row.app_id, os: Number(row.os) as PublishDate['os'], note: row.note, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

interface PublishDateRow extends AppRecordRow {
  date: string;
  version: string;
  created_by: string;
}

const PUBLISH_DATE_COLUMNS = `p.id, p.app_id, p.os, to_char(p.publish_date, 'YYYY-MM-DD') AS date, p.version, p.note, p.created_by, p.created_at, p.updated_at`;

function toPublishDate(row: PublishDateRow): PublishDate {
  return { ...appRecordFields(row), date: row.date, version: row.version, createdBy: row.created_by };
}

/** appPublishDate/getList[?appId]: newest first; without appId, every visible app's. */
export async function listPublishDates(db: Sql, account: SessionAccount, appId?: string): Promise<PublishDate[]> {
  if (appId) await requireVisibleApp(db, account, appId);
  const params: unknown[] = [appId ?? null];
  const rows = await db.query<PublishDateRow>(
    `SELECT ${PUBLISH_DATE_COLUMNS} FROM app_publish_dates p JOIN apps a ON a.id = p.app_id
      WHERE ($1::text IS NULL OR p.app_id = $1) AND ${visibleAppCondition(account, params)}
      ORDER BY p.publish_date DESC, p.id DESC`,
    params,
  );
  return rows.map(toPublishDate);
}

/** appPublishDate/action: creates an entry, or changes the entry `id` of the same app. */
export async function savePublishDate(db: Db, actor: Actor, input: PublishDateInput): Promise<PublishDate> {
  return db.transaction(async (tx) => {
    await requireVisibleApp(tx, actor.account, input.appId);
    let row: PublishDateRow | undefined;
    if (input.id) {
      const before = await tx.one<PublishDateRow>(`SELECT ${PUBLISH_DATE_COLUMNS} FROM app_publish_dates p WHERE p.id = $1 AND p.app_id = $2 FOR UPDATE`, [input.id, input.appId]);
      if (!before) throw notFound(`Publish date ${input.id} of app ${input.appId} was not found.`);
      row = await tx.one<PublishDateRow>(
        `UPDATE app_publish_dates p SET os = $2, publish_date = $3::date, version = $4, note = $5, updated_at = now() WHERE p.id = $1 RETURNING ${PUBLISH_DATE_COLUMNS}`,
        [input.id, input.os, input.date, input.version, input.note],
      );
      await audit(tx, actor, 'app_publish_date_update', 'app_publish_date', input.id, toPublishDate(before), toPublishDate(row!));
    } else {
      row = await tx.one<PublishDateRow>(
        `INSERT INTO app_publish_dates AS p (app_id, os, publish_date, version, note, created_by) VALUES ($1, $2, $3::date, $4, $5, $6) RETURNING ${PUBLISH_DATE_COLUMNS}`,
        [input.appId, input.os, input.date, input.version, input.note, actor.account.username],
      );
      await audit(tx, actor, 'app_publish_date_create', 'app_publish_date', row!.id, undefined, toPublishDate(row!));
    }
    return toPublishDate(row!);
  });
}

export async function deletePublishDate(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx.one<PublishDateRow>(`SELECT ${PUBLISH_DATE_COLUMNS} FROM app_publish_dates p WHERE p.id = $1 FOR UPDATE`, [id]);
    if (!row) throw notFound(`Publish date ${id} was not found.`);
    await requireVisibleApp(tx, actor.account, row.app_id);
    await tx.query('DELETE FROM app_publish_dates WHERE id = $1', [id]);
    await audit(tx, actor, 'app_publish_date_delete', 'app_publish_date', id, toPublishDate(row));
  });
}

interface PTrackingRow extends AppRecordRow {
  partner: PTracking['partner'];
  tracking_id: string;
  events: string[];
  enabled: boolean;
}

function toPTracking(row: PTrackingRow): PTracking {
  return { ...appRecordFields(row), partner: row.partner, trackingId: row.tracking_id, events: row.events, enabled: row.enabled };
}

export async function listPTracking(db: Sql, account: SessionAccount, appId: string): Promise<PTracking[]> {
  await requireVisibleApp(db, account, appId);
  const rows = await db.query<PTrackingRow>('SELECT * FROM app_ptracking WHERE app_id = $1 ORDER BY os, partner, id', [appId]);
  return rows.map(toPTracking);
}

/** pTracking/action: creates an entry, or changes the entry `id` of the same app. One entry per app, platform and partner. */
export async function savePTracking(db: Db, actor: Actor, input: PTrackingInput): Promise<PTracking> {
  try {
    return await db.transaction(async (tx) => {
      await requireVisibleApp(tx, actor.account, input.appId);
      const values = [input.os, input.partner, input.trackingId, JSON.stringify(normaliseTags(input.events)), input.enabled, input.note];
      if (input.id) {
        const before = await tx.one<PTrackingRow>('SELECT * FROM app_ptracking WHERE id = $1 AND app_id = $2 FOR UPDATE', [input.id, input.appId]);
        if (!before) throw notFound(`pTracking ${input.id} of app ${input.appId} was not found.`);
        const row = await tx.one<PTrackingRow>(
          'UPDATE app_ptracking SET os = $2, partner = $3, tracking_id = $4, events = $5::jsonb, enabled = $6, note = $7, updated_at = now() WHERE id = $1 RETURNING *',
          [input.id, ...values],
        );
        await audit(tx, actor, 'app_ptracking_update', 'app_ptracking', input.id, toPTracking(before), toPTracking(row!));
        return toPTracking(row!);
      }
      const row = await tx.one<PTrackingRow>(
        'INSERT INTO app_ptracking (app_id, os, partner, tracking_id, events, enabled, note) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING *',
        [input.appId, ...values],
      );
      await audit(tx, actor, 'app_ptracking_create', 'app_ptracking', row!.id, undefined, toPTracking(row!));
      return toPTracking(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`App ${input.appId} already has a ${input.partner} entry for this platform; edit that one.`);
    throw error;
  }
}

export async function deletePTracking(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx.one<PTrackingRow>('SELECT * FROM app_ptracking WHERE id = $1 FOR UPDATE', [id]);
    if (!row) throw notFound(`pTracking ${id} was not found.`);
    await requireVisibleApp(tx, actor.account, row.app_id);
    await tx.query('DELETE FROM app_ptracking WHERE id = $1', [id]);
    await audit(tx, actor, 'app_ptracking_delete', 'app_ptracking', id, toPTracking(row));
  });
}
