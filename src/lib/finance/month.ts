import type { Actor, SessionAccount } from '../auth/types';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { HttpError, notFound } from '../server/errors';
import { MESSAGES } from '../http/messages';
import type { MonthReport, MonthRow, YearRow } from './month-contract';
import { assertMonthsOpen, monthClosing } from './closing';
import { pnl } from './queries';
import { resolveFinanceScope, seesAllFinance } from './scope';

/**
 * Report Month and Report Year: the days' figures of every permitted app (in the monthly report) summed per
 * month, plus finance's adjustments; profit = revenue − cost on every row and total; a month's base figures
 * are the sum of its days, a year's rows are its months (same adjustments).
 */

const n = (v: unknown) => Number(v ?? 0);
/** The team line of apps without a team: listed after every real team. */
const NO_TEAM = '(no team)';
export { monthRange } from './month-range';
import { monthRange } from './month-range';

async function monthScope(db: Sql, viewer: SessionAccount, month: string, teams: readonly string[], appId?: string) {
  const scope = await resolveFinanceScope(db, viewer, { ...monthRange(month), teams, apps: appId ? [appId] : [] });
  const inReport = new Set(
    (await db.query<{ id: string }>(`SELECT id FROM apps WHERE report_month AND id IN (SELECT jsonb_array_elements_text($1::jsonb))`, [JSON.stringify(scope.apps)])).map((r) => r.id),
  );
  scope.appInfo = scope.appInfo.filter((a) => inReport.has(a.id));
  scope.apps = scope.appInfo.map((a) => a.id);
  return scope;
}

export async function monthReport(db: Sql, viewer: SessionAccount, month: string, teams: readonly string[] = [], appId?: string): Promise<MonthReport> {
  const scope = await monthScope(db, viewer, month, teams, appId);
  const figures = new Map((await pnl(db, scope, 'app')).map((r) => [r.key, r]));
  const adjustments = new Map(
    (await db.query<{ app_id: string; revenue_usd: string; cost_usd: string; reason: string }>(
      `SELECT app_id, revenue_usd::text AS revenue_usd, cost_usd::text AS cost_usd, reason FROM finance_adjustments WHERE month = $1`,
      [month],
    )).map((r) => [r.app_id, r]),
  );
  const comments = new Map(
    (await db.query<{ app_id: string; n: number }>(`SELECT app_id, count(*)::int AS n FROM finance_comments WHERE month = $1 GROUP BY app_id`, [month])).map((r) => [r.app_id, n(r.n)]),
  );
  const rows: MonthRow[] = scope.appInfo.map((app) => {
    const f = figures.get(app.id);
    const adj = adjustments.get(app.id);
    const baseRevenue = f?.revenue ?? 0;
    const baseCost = f?.cost ?? 0;
    const revenueAdjustment = n(adj?.revenue_usd);
    const costAdjustment = n(adj?.cost_usd);
    const revenue = baseRevenue + revenueAdjustment;
    const cost = baseCost + costAdjustment;
    return {
      appId: app.id, name: app.name, team: app.team || NO_TEAM, adRevenue: f?.adRevenue ?? 0, iapNet: f?.iapNet ?? 0, baseRevenue, baseCost,
      revenueAdjustment, costAdjustment, reason: adj?.reason ?? '', revenue, cost, profit: revenue - cost, installs: f?.installs ?? 0, comments: comments.get(app.id) ?? 0,
    };
  });
  // Teams by name, "(no team)" last; within a team the biggest revenue first.
  const teamRank = (team: string) => (team === NO_TEAM ? 1 : 0);
  rows.sort((a, b) => teamRank(a.team) - teamRank(b.team) || a.team.localeCompare(b.team) || b.revenue - a.revenue || a.name.localeCompare(b.name));
  const totalOf = (key: string, list: MonthRow[]) => {
    const sum = (k: 'adRevenue' | 'iapNet' | 'revenueAdjustment' | 'costAdjustment' | 'revenue' | 'cost' | 'baseRevenue' | 'baseCost' | 'installs') => list.reduce((s, r) => s + r[k], 0);
    const revenue = sum('revenue');
    const cost = sum('cost');
    return {
      key, adRevenue: sum('adRevenue'), iapNet: sum('iapNet'), revenueAdjustment: sum('revenueAdjustment'), costAdjustment: sum('costAdjustment'),
      revenue, cost, profit: revenue - cost, baseRevenue: sum('baseRevenue'), baseCost: sum('baseCost'), installs: sum('installs'),
    };
  };
  const teamNames = [...new Set(rows.map((r) => r.team))];
  const note = (await seesAllFinance(db, viewer)) ? await db.one<{ body: string }>(`SELECT body FROM finance_notes WHERE month = $1`, [month]) : null;
  return { month, rows, teams: teamNames.map((t) => totalOf(t, rows.filter((r) => r.team === t))), total: totalOf('Total', rows), note: note?.body ?? '', closed: await monthClosing(db, month) };
}

export async function monthDetail(db: Sql, viewer: SessionAccount, month: string, appId: string) {
  const report = await monthReport(db, viewer, month, [], appId);
  const row = report.rows[0];
  if (!row) throw notFound(`App ${appId} is not in the monthly report.`);
  const scope = await monthScope(db, viewer, month, [], appId);
  const days = (await pnl(db, scope, 'day')).map((d) => ({ day: d.key, revenue: d.revenue, cost: d.cost, profit: d.profit }));
  return { month, row, days };
}

export async function updateMonthAdjustment(
  db: Db,
  actor: Actor,
  input: { month: string; appId: string; revenueAdjustment: number; costAdjustment: number; reason: string },
): Promise<MonthRow> {
  // The permission check first: an app outside the finance permission is refused before anything is written.
  await monthDetail(db, actor.account, input.month, input.appId);
  await db.transaction(async (tx) => {
    await assertMonthsOpen(tx, [input.month]);
    const before = await tx.one(`SELECT revenue_usd::text AS revenue, cost_usd::text AS cost, reason FROM finance_adjustments WHERE month = $1 AND app_id = $2`, [input.month, input.appId]);
    const revenue = Math.round(input.revenueAdjustment * 1e6);
    const cost = Math.round(input.costAdjustment * 1e6);
    await tx.query(
      `INSERT INTO finance_adjustments (month, app_id, revenue_usd, cost_usd, reason, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (month, app_id) DO UPDATE SET revenue_usd = $3, cost_usd = $4, reason = $5, updated_by = $6, updated_at = now()`,
      [input.month, input.appId, revenue, cost, input.reason, actor.account.username],
    );
    await auditAs(tx, actor, {
      action: 'finance_adjustment', entity: 'finance_month', entityId: `${input.month}/${input.appId}`,
      before: before ?? null, after: { revenue, cost, reason: input.reason },
    });
  });
  return (await monthDetail(db, actor.account, input.month, input.appId)).row;
}

export async function yearReport(db: Sql, viewer: SessionAccount, year: number, teams: readonly string[] = []): Promise<{ year: number; rows: YearRow[]; total: YearRow }> {
  // One query over the year (the daily rollup by month) and the year's adjustments: the same apps and sums
  // as twelve month reports (the test compares them), at the cost of one.
  const scope = await monthScope(db, viewer, `${year}-01`, teams);
  scope.from = `${year}-01-01`;
  scope.to = `${year}-12-31`;
  const byMonth = new Map((await pnl(db, scope, 'month')).map((r) => [r.key, r]));
  const adjustments = new Map(
    (await db.query<{ month: string; revenue: string; cost: string }>(
      `SELECT month, sum(revenue_usd)::text AS revenue, sum(cost_usd)::text AS cost FROM finance_adjustments
        WHERE month LIKE $1 AND app_id IN (SELECT jsonb_array_elements_text($2::jsonb)) GROUP BY month`,
      [`${year}-%`, JSON.stringify(scope.apps)],
    )).map((r) => [r.month, r]),
  );
  const rows: YearRow[] = [];
  for (let m = 1; m <= 12; m++) {
    const month = `${year}-${String(m).padStart(2, '0')}`;
    const f = byMonth.get(month);
    const adj = adjustments.get(month);
    const baseRevenue = f?.revenue ?? 0;
    const baseCost = f?.cost ?? 0;
    const revenue = baseRevenue + n(adj?.revenue);
    const cost = baseCost + n(adj?.cost);
    rows.push({ month, revenue, cost, profit: revenue - cost, baseRevenue, baseCost, installs: f?.installs ?? 0 });
  }
  const sum = (k: keyof Omit<YearRow, 'month'>) => rows.reduce((s, r) => s + r[k], 0);
  const revenue = sum('revenue');
  const cost = sum('cost');
  return { year, rows, total: { month: 'Total', revenue, cost, profit: revenue - cost, baseRevenue: sum('baseRevenue'), baseCost: sum('baseCost'), installs: sum('installs') } };
}

// ---------------------------------------------------------------- comments and notes

type CommentRow = { id: number; month: string; app_id: string; body: string; created_by: string; created_at: Date | string };
const comment = (r: CommentRow) => ({ id: r.id, month: r.month, appId: r.app_id, body: r.body, createdBy: r.created_by, createdAt: new Date(r.created_at).toISOString() });

/** Comments of permitted apps only. */
async function permittedApps(db: Sql, viewer: SessionAccount): Promise<string[]> {
  return (await resolveFinanceScope(db, viewer, {})).apps;
}

export async function listComments(db: Sql, viewer: SessionAccount, from: string, to: string, appId?: string) {
  const apps = await permittedApps(db, viewer);
  if (appId && !apps.includes(appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
  const rows = await db.query<CommentRow>(
    `SELECT id, month, app_id, body, created_by, created_at FROM finance_comments
      WHERE month BETWEEN $1 AND $2 AND app_id IN (SELECT jsonb_array_elements_text($3::jsonb)) ${appId ? 'AND app_id = $4' : ''} ORDER BY created_at, id`,
    appId ? [from, to, JSON.stringify(apps), appId] : [from, to, JSON.stringify(apps)],
  );
  return rows.map(comment);
}

export async function commentAction(
  db: Db,
  actor: Actor,
  input: { action: 'create'; month: string; appId: string; body: string } | { action: 'update'; id: number; body: string } | { action: 'delete'; id: number },
) {
  const apps = await permittedApps(db, actor.account);
  return db.transaction(async (tx) => {
    let before: CommentRow | undefined;
    if (input.action !== 'create') {
      before = await tx.one<CommentRow>(`SELECT id, month, app_id, body, created_by, created_at FROM finance_comments WHERE id = $1`, [input.id]);
      if (!before) throw notFound(`Comment ${input.id} was not found.`);
    }
    const appId = input.action === 'create' ? input.appId : before!.app_id;
    if (!apps.includes(appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
    let after: CommentRow | undefined;
    if (input.action === 'create') {
      after = await tx.one<CommentRow>(
        `INSERT INTO finance_comments (month, app_id, body, created_by) VALUES ($1, $2, $3, $4) RETURNING id, month, app_id, body, created_by, created_at`,
        [input.month, input.appId, input.body, actor.account.username],
      );
    } else if (input.action === 'update') {
      after = await tx.one<CommentRow>(`UPDATE finance_comments SET body = $2, updated_at = now() WHERE id = $1 RETURNING id, month, app_id, body, created_by, created_at`, [input.id, input.body]);
    } else {
      await tx.query(`DELETE FROM finance_comments WHERE id = $1`, [input.id]);
    }
    await auditAs(tx, actor, {
      action: `finance_comment_${input.action}`, entity: 'finance_comment', entityId: after?.id ?? before?.id,
      before: before ? comment(before) : undefined, after: after ? comment(after) : undefined,
    });
    return after ? comment(after) : null;
  });
}

/**
 * The month's note is studio-wide text: an account whose finance permission does not cover every finance app
 * reads it empty and may not write it (it may speak of other teams' figures).
 */
export async function getNoteFor(db: Sql, viewer: SessionAccount, month: string) {
  if (!(await seesAllFinance(db, viewer))) return { month, body: '', updatedBy: '', updatedAt: null };
  return getNote(db, month);
}

export async function getNote(db: Sql, month: string) {
  const row = await db.one<{ body: string; updated_by: string; updated_at: Date | string }>(`SELECT body, updated_by, updated_at FROM finance_notes WHERE month = $1`, [month]);
  return { month, body: row?.body ?? '', updatedBy: row?.updated_by ?? '', updatedAt: row ? new Date(row.updated_at).toISOString() : null };
}

export async function saveNote(db: Db, actor: Actor, month: string, body: string) {
  if (!(await seesAllFinance(db, actor.account))) throw new HttpError(403, `The note of ${month} is studio-wide: only an account that sees every finance app may write it.`);
  await db.transaction(async (tx) => {
    const before = await getNote(tx, month);
    await tx.query(
      `INSERT INTO finance_notes (month, body, updated_by, updated_at) VALUES ($1, $2, $3, now()) ON CONFLICT (month) DO UPDATE SET body = $2, updated_by = $3, updated_at = now()`,
      [month, body, actor.account.username],
    );
    await auditAs(tx, actor, { action: 'finance_note', entity: 'finance_note', entityId: month, before, after: { body } });
  });
  return getNote(db, month);
}
