import { mayViewApp, visibleAppCondition } from '../../apps/service';
import type { Actor, SessionAccount } from '../../auth/types';
import { MESSAGES } from '../../http/messages';
import { auditAs } from '../../server/audit';
import type { Db, Sql } from '../../server/db';
import { badRequest, HttpError, notFound } from '../../server/errors';
import { MAX_RANGE_DAYS } from '../../reports/filters';
import { daysBetween } from '../../time/day';
import type { AnalyticNote } from './notes-contract';

/** Chart annotations (analytic_notes): list for the apps in view, mark, change and remove, audited. */

interface NoteRow {
  id: string | number;
  app_id: string;
  day: string;
  note: string;
  created_by: string;
  created_at: string | Date;
}

const COLUMNS = `id, app_id, day::text AS day, note, created_by, created_at`;
const toNote = (r: NoteRow): AnalyticNote => ({
  id: Number(r.id),
  appId: r.app_id,
  day: r.day,
  note: r.note,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
});
const forbidden = () => new HttpError(403, MESSAGES.permissionInvalid);

async function requireApp(db: Sql, account: SessionAccount, appId: string): Promise<void> {
  if (!mayViewApp(account, appId)) throw forbidden();
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]))) throw notFound(`App ${appId} was not found.`);
}

const audit = (tx: Sql, actor: Actor, action: string, id: number, before?: AnalyticNote, after?: AnalyticNote) =>
  auditAs(tx, actor, { action, entity: 'analytic_note', entityId: id, before, after });

/** The marks of the given apps (none = all the account may see) in from..to; an app it may not see is 403. */
export async function listAnalyticNotes(db: Sql, account: SessionAccount, input: { apps: string[]; from: string; to: string }): Promise<AnalyticNote[]> {
  if (input.from > input.to) throw badRequest('from: must not be after to');
  if (daysBetween(input.from, input.to) + 1 > MAX_RANGE_DAYS) throw badRequest(`the range may span at most ${MAX_RANGE_DAYS} days`);
  for (const id of input.apps) if (!mayViewApp(account, id)) throw forbidden();
  const params: unknown[] = [input.from, input.to];
  let where = `n.day BETWEEN $1::date AND $2::date AND ${visibleAppCondition(account, params, 'n.app_id')}`;
  if (input.apps.length) where += ` AND n.app_id IN (SELECT jsonb_array_elements_text($${params.push(JSON.stringify(input.apps))}::jsonb))`;
  const rows = await db.query<NoteRow>(`SELECT ${COLUMNS} FROM analytic_notes n WHERE ${where} ORDER BY n.day, n.id`, params);
  return rows.map(toNote);
}

/** Marks a day on an app, or changes a mark (id). */
export async function saveAnalyticNote(db: Db, actor: Actor, input: { id?: number; appId: string; day: string; note: string }): Promise<AnalyticNote> {
  return db.transaction(async (tx) => {
    await requireApp(tx, actor.account, input.appId);
    if (input.id) {
      const before = await tx.one<NoteRow>(`SELECT ${COLUMNS} FROM analytic_notes WHERE id = $1 FOR UPDATE`, [input.id]);
      if (!before) throw notFound(`Chart note ${input.id} was not found.`);
      if (!mayViewApp(actor.account, before.app_id)) throw forbidden();
      const row = await tx.one<NoteRow>(`UPDATE analytic_notes SET app_id = $2, day = $3::date, note = $4 WHERE id = $1 RETURNING ${COLUMNS}`, [input.id, input.appId, input.day, input.note]);
      await audit(tx, actor, 'analytic_note_update', input.id, toNote(before), toNote(row!));
      return toNote(row!);
    }
    const row = await tx.one<NoteRow>(
      `INSERT INTO analytic_notes (app_id, day, note, created_by) VALUES ($1, $2::date, $3, $4) RETURNING ${COLUMNS}`,
      [input.appId, input.day, input.note, actor.account.username],
    );
    await audit(tx, actor, 'analytic_note_create', Number(row!.id), undefined, toNote(row!));
    return toNote(row!);
  });
}

export async function deleteAnalyticNote(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const row = await tx.one<NoteRow>(`SELECT ${COLUMNS} FROM analytic_notes WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) throw notFound(`Chart note ${id} was not found.`);
    if (!mayViewApp(actor.account, row.app_id)) throw forbidden();
    await tx.query('DELETE FROM analytic_notes WHERE id = $1', [id]);
    await audit(tx, actor, 'analytic_note_delete', id, toNote(row));
    return { id };
  });
}
