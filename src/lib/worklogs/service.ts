import { daysBetween, reportDay } from '../time/day';
import type { Actor, SessionAccount } from '../auth/types';
import { isPathPermitted } from '../routes';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { badRequest, HttpError, notFound } from '../server/errors';
import { nowMs } from '../time/clock';
import type { WorklogRow } from './contract';
import { periodOf } from './week';
import { AUTHOR_EDIT_DAYS, MAX_DAY_HOURS, MAX_LIST_DAYS, roundHours, WORKLOG_TEAM_ROUTE } from './rules';

/**
 * Worklogs: each person logs their own days; a team lead (a member of a team whose account may open
 * Worklog By Team) sees and corrects the logs of the members of their teams. See docs/decisions.md.
 */

type Row = { id: number; username: string; work_date: string; hours: number; project: string; task: string; note: string; updated_at: string | Date };
const SELECT = `SELECT id, username, to_char(work_date, 'YYYY-MM-DD') AS work_date, hours::float8 AS hours, project, task, note, updated_at FROM worklogs`;

export interface LedTeam {
  id: number;
  name: string;
  members: string[];
}

/** The console's today (UTC+7 reporting day): a log may not be dated after it. */
export const today = () => reportDay(nowMs());

/** The teams whose members' logs the viewer leads: root leads every team; others, the teams they belong to. */
export async function ledTeams(db: Sql, viewer: SessionAccount): Promise<LedTeam[]> {
  if (!isPathPermitted(WORKLOG_TEAM_ROUTE, viewer)) return [];
  const rows = await db.query<LedTeam>(
    viewer.role === 'root'
      ? 'SELECT id, name, members FROM teams ORDER BY name'
      : 'SELECT id, name, members FROM teams WHERE members @> jsonb_build_array($1::text) ORDER BY name',
    viewer.role === 'root' ? [] : [viewer.username],
  );
  return rows.map((r) => ({ ...r, members: r.members ?? [] }));
}

async function leads(db: Sql, viewer: SessionAccount, author: string): Promise<boolean> {
  if (viewer.username === author) return false;
  if (viewer.role === 'root') return true;
  return (await ledTeams(db, viewer)).some((t) => t.members.includes(author));
}

/** May the viewer change this log now? The author while its date is within the window; a lead of the author always. */
async function mayEdit(db: Sql, viewer: SessionAccount, row: { username: string; work_date: string }, ledAuthors?: Set<string>): Promise<boolean> {
  if (row.username === viewer.username && daysBetween(row.work_date, today()) <= AUTHOR_EDIT_DAYS) return true;
  return ledAuthors ? ledAuthors.has(row.username) : leads(db, viewer, row.username);
}

const toRow = (r: Row, editable: boolean): WorklogRow => ({
  id: r.id,
  username: r.username,
  date: r.work_date,
  hours: roundHours(Number(r.hours)),
  project: r.project,
  task: r.task,
  note: r.note,
  updatedAt: new Date(r.updated_at).toISOString(),
  editable,
});

export async function myWorklogs(db: Db, viewer: SessionAccount, input: { from: string; to: string }): Promise<{ logs: WorklogRow[]; today: string }> {
  if (daysBetween(input.from, input.to) >= MAX_LIST_DAYS) throw badRequest(`to: the range may span at most ${MAX_LIST_DAYS} days.`);
  const rows = await db.query<Row>(`${SELECT} WHERE username = $1 AND work_date BETWEEN $2::date AND $3::date ORDER BY work_date, id`, [viewer.username, input.from, input.to]);
  const out: WorklogRow[] = [];
  for (const r of rows) out.push(toRow(r, await mayEdit(db, viewer, r, new Set())));
  return { logs: out, today: today() };
}

type SaveInput = { id?: number; date: string; hours: number; project: string; task: string; note: string };

/** Hours already logged by `username` on `date`, leaving out one log (the one being edited). */
async function dayHours(tx: Sql, username: string, date: string, except: number | null): Promise<number> {
  const row = await tx.one<{ h: number }>('SELECT coalesce(sum(hours), 0)::float8 AS h FROM worklogs WHERE username = $1 AND work_date = $2::date AND id <> coalesce($3::int, 0)', [username, date, except]);
  return Number(row?.h ?? 0);
}

export async function saveWorklog(db: Db, actor: Actor, input: SaveInput): Promise<WorklogRow> {
  const viewer = actor.account;
  if (input.date > today()) throw badRequest(`date: ${input.date} is in the future (today is ${today()}).`);
  return db.transaction(async (tx) => {
    let before: Row | undefined;
    if (input.id !== undefined) {
      before = await tx.one<Row>(`${SELECT} WHERE id = $1 FOR UPDATE`, [input.id]);
      if (!before) throw notFound(`Worklog ${input.id} does not exist.`);
      if (!(await mayEdit(tx, viewer, before))) throw editRefused(viewer, before);
    }
    const author = before?.username ?? viewer.username;
    // One author's day is summed under a lock, so two saves at once cannot pass 24 hours between them.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`worklog:${author}:${input.date}`]);
    const other = await dayHours(tx, author, input.date, before?.id ?? null);
    if (other + input.hours > MAX_DAY_HOURS + 1e-9) {
      throw badRequest(`hours: ${author} would log ${roundHours(other + input.hours)} hours on ${input.date}; a day holds at most ${MAX_DAY_HOURS} (${roundHours(other)} already logged).`);
    }
    const saved = before
      ? await tx.one<Row>(
          `UPDATE worklogs SET work_date = $2::date, hours = $3, project = $4, task = $5, note = $6, updated_at = now() WHERE id = $1
           RETURNING id, username, to_char(work_date, 'YYYY-MM-DD') AS work_date, hours::float8 AS hours, project, task, note, updated_at`,
          [before.id, input.date, input.hours, input.project, input.task, input.note],
        )
      : await tx.one<Row>(
          `INSERT INTO worklogs (account_id, username, work_date, hours, project, task, note) VALUES ($1, $2, $3::date, $4, $5, $6, $7)
           RETURNING id, username, to_char(work_date, 'YYYY-MM-DD') AS work_date, hours::float8 AS hours, project, task, note, updated_at`,
          [viewer.id, viewer.username, input.date, input.hours, input.project, input.task, input.note],
        );
    const row = saved!;
    await auditAs(tx, actor, { action: before ? 'update' : 'create', entity: 'worklog', entityId: row.id, before: before ? audited(before) : undefined, after: audited(row) });
    return toRow(row, await mayEdit(tx, viewer, row));
  });
}

export async function deleteWorklog(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  const viewer = actor.account;
  return db.transaction(async (tx) => {
    const before = await tx.one<Row>(`${SELECT} WHERE id = $1 FOR UPDATE`, [id]);
    if (!before) throw notFound(`Worklog ${id} does not exist.`);
    if (!(await mayEdit(tx, viewer, before))) throw editRefused(viewer, before);
    await tx.query('DELETE FROM worklogs WHERE id = $1', [id]);
    await auditAs(tx, actor, { action: 'delete', entity: 'worklog', entityId: id, before: audited(before) });
    return { id };
  });
}

const audited = (r: Row) => ({ username: r.username, date: r.work_date, hours: roundHours(Number(r.hours)), project: r.project, task: r.task, note: r.note });

function editRefused(viewer: SessionAccount, row: Row): HttpError {
  return row.username === viewer.username
    ? new HttpError(403, `This log of ${row.work_date} is more than ${AUTHOR_EDIT_DAYS} days old; only a team lead can change it now.`)
    : new HttpError(403, `Only ${row.username} or a lead of their team can change this log.`);
}

export interface TeamView {
  teams: LedTeam[];
  from: string;
  to: string;
  logs: WorklogRow[];
  perPerson: Array<{ username: string; hours: number }>;
  perProject: Array<{ project: string; hours: number }>;
  total: number;
}

/** The logs of the members of the teams the viewer leads (one of them with teamId) over a week or month. */
export async function teamWorklogs(db: Db, viewer: SessionAccount, input: { teamId?: number; period: 'week' | 'month'; day: string }): Promise<TeamView> {
  const teams = await ledTeams(db, viewer);
  const chosen = input.teamId === undefined ? teams : teams.filter((t) => t.id === input.teamId);
  if (input.teamId !== undefined && !chosen.length) throw badRequest(`teamId: you do not lead team ${input.teamId}.`);
  const members = [...new Set(chosen.flatMap((t) => t.members))];
  const { from, to } = periodOf(input.period, input.day);
  const rows = members.length
    ? await db.query<Row>(`${SELECT} WHERE username = ANY($1::text[]) AND work_date BETWEEN $2::date AND $3::date ORDER BY work_date, username, id`, [members, from, to])
    : [];
  const led = new Set(teams.flatMap((t) => t.members).filter((m) => m !== viewer.username));
  if (viewer.role === 'root') for (const r of rows) if (r.username !== viewer.username) led.add(r.username);
  const logs: WorklogRow[] = [];
  for (const r of rows) logs.push(toRow(r, await mayEdit(db, viewer, r, led)));
  const sum = (key: (l: WorklogRow) => string) => {
    const totals = new Map<string, number>();
    for (const l of logs) totals.set(key(l), (totals.get(key(l)) ?? 0) + l.hours);
    return [...totals].map(([k, h]) => [k, roundHours(h)] as const).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  return {
    teams,
    from,
    to,
    logs,
    perPerson: sum((l) => l.username).map(([username, hours]) => ({ username, hours })),
    perProject: sum((l) => l.project).map(([project, hours]) => ({ project, hours })),
    total: roundHours(logs.reduce((s, l) => s + l.hours, 0)),
  };
}
