import type { Actor } from '../auth/types';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { conflict } from '../server/errors';

/**
 * Closed months (issue 37): once finance closes a month, no import, correction, undo or adjustment changes
 * its figures (409 naming the month) until someone with the finance_close right reopens it; both audited.
 * writeBatch, the one write path of figures, checks every month it touches, so no import can slip past.
 *
 * A close and a write of the same month must not cross: every figure write takes a shared advisory lock and
 * closing takes it exclusively, so a close waits for writes in flight and writes after it see the month closed.
 */

const LOCK = `hashtext('finance_closed_months')`;

export interface ClosedMonth {
  month: string;
  closedBy: string;
  closedAt: string;
}

type Row = { month: string; closed_by: string; closed_at: Date | string };
const toClosed = (r: Row): ClosedMonth => ({ month: r.month, closedBy: r.closed_by, closedAt: new Date(r.closed_at).toISOString() });

/** The closed months among some months ('YYYY-MM'). */
export async function closedAmong(db: Sql, months: readonly string[]): Promise<ClosedMonth[]> {
  const wanted = [...new Set(months)];
  if (!wanted.length) return [];
  const rows = await db.query<Row>(
    `SELECT month, closed_by, closed_at FROM finance_closed_months WHERE month IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY month`,
    [JSON.stringify(wanted)],
  );
  return rows.map(toClosed);
}

export async function monthClosing(db: Sql, month: string): Promise<ClosedMonth | null> {
  return (await closedAmong(db, [month]))[0] ?? null;
}

/** Inside a write's transaction: refuses (409) when any of the months is closed, naming it. */
export async function assertMonthsOpen(tx: Sql, months: readonly string[]): Promise<void> {
  if (!months.length) return;
  await tx.query(`SELECT pg_advisory_xact_lock_shared(${LOCK})`);
  const closed = await closedAmong(tx, months);
  if (closed.length) {
    const first = closed[0]!;
    const others = closed.length > 1 ? ` (also closed: ${closed.slice(1).map((c) => c.month).join(', ')})` : '';
    throw conflict(`${first.month} is closed (by ${first.closedBy} on ${first.closedAt.slice(0, 10)}): its figures cannot change. Reopen the month first${others}. Nothing was written.`);
  }
}

/** assertMonthsOpen over days ('YYYY-MM-DD'). */
export const assertDaysOpen = (tx: Sql, days: readonly string[]) => assertMonthsOpen(tx, days.map((d) => d.slice(0, 7)));

/** Closes or reopens a month (idempotent); audited as finance_month_close / finance_month_reopen. */
export async function setMonthClosed(db: Db, actor: Actor, month: string, closed: boolean): Promise<ClosedMonth | null> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${LOCK})`);
    const before = await monthClosing(tx, month);
    if (closed && !before) {
      await tx.query(`INSERT INTO finance_closed_months (month, closed_by, closed_at) VALUES ($1, $2, now())`, [month, actor.account.username]);
    } else if (!closed && before) {
      await tx.query(`DELETE FROM finance_closed_months WHERE month = $1`, [month]);
    }
    const after = await monthClosing(tx, month);
    if (Boolean(before) !== Boolean(after)) {
      await auditAs(tx, actor, {
        action: closed ? 'finance_month_close' : 'finance_month_reopen', entity: 'finance_month', entityId: month,
        before, after,
      });
    }
    return after;
  });
}

/** The closed months of a range of days, for jobs that skip them rather than fail. */
export async function closedMonthsBetween(db: Sql, from: string, to: string): Promise<Set<string>> {
  const rows = await db.query<{ month: string }>(`SELECT month FROM finance_closed_months WHERE month BETWEEN $1 AND $2`, [from.slice(0, 7), to.slice(0, 7)]);
  return new Set(rows.map((r) => r.month));
}
