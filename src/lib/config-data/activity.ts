import { flushPlanCounts } from '../analytics/plan-tally';
import { visibleAppCondition } from '../apps/service';
import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { nowMs } from '../time/clock';
import { addDays, reportDay } from '../time/day';
import type { ConfigKind } from './kinds';

/**
 * When each config screen's configuration last acted, said above its list after what it does (./purpose.ts),
 * over the apps the viewer sees. Counts come from the tables the enforcement writes: tracking_plan_drops and
 * tracking_plan_violations (ingestion), iap_verifications (purchase verification).
 */
const n = (v: number) => v.toLocaleString('en-US');
const plural = (v: number, one: string, many = `${one}s`) => `${n(v)} ${v === 1 ? one : many}`;

/** The "last acted" sentence of a kind, or null when the kind says nothing. */
export async function configActivity(db: Sql, account: SessionAccount, kind: ConfigKind): Promise<string | null> {
  if (kind === 'tracking_config' || kind === 'event') await flushPlanCounts(db);
  const today = reportDay(nowMs());
  const weekAgo = addDays(today, -6);
  if (kind === 'tracking_config') {
    const params: unknown[] = [today, weekAgo];
    const row = await db.one<{ today: string; week: string }>(
      `SELECT coalesce(sum(dropped) FILTER (WHERE day = $1::date), 0)::text AS today, coalesce(sum(dropped), 0)::text AS week
         FROM tracking_plan_drops d WHERE day BETWEEN $2::date AND $1::date AND ${visibleAppCondition(account, params, 'd.app_id')}`,
      params,
    );
    return `Dropped ${plural(Number(row?.today ?? 0), 'event')} today, ${plural(Number(row?.week ?? 0), 'event')} over the last 7 days.`;
  }
  if (kind === 'event') {
    const params: unknown[] = [today, weekAgo];
    const row = await db.one<{ undeclared: string; wrong: string }>(
      `SELECT coalesce(sum(events) FILTER (WHERE problem LIKE 'name:%'), 0)::text AS undeclared, coalesce(sum(events) FILTER (WHERE problem LIKE 'params.%'), 0)::text AS wrong
         FROM tracking_plan_violations v WHERE day BETWEEN $2::date AND $1::date AND ${visibleAppCondition(account, params, 'v.app_id')}`,
      params,
    );
    return `Over the last 7 days: flagged ${plural(Number(row?.undeclared ?? 0), 'undeclared event')} and ${plural(Number(row?.wrong ?? 0), 'parameter')} of another type.`;
  }
  if (kind === 'iap_config') {
    const params: unknown[] = [];
    const row = await db.one<{ used: number; unknown: number; rewarded: number; last: Date | null }>(
      `SELECT count(*) FILTER (WHERE catalogue_state = 'listed' AND status = 'verified')::int AS used,
              count(*) FILTER (WHERE catalogue_state = 'unknown' AND status <> 'duplicate')::int AS unknown,
              count(reward_mail_id)::int AS rewarded,
              max(decided_at) FILTER (WHERE catalogue_state = 'listed' AND status = 'verified') AS last
         FROM iap_verifications v WHERE ${visibleAppCondition(account, params, 'v.app_id')}`,
      params,
    );
    const used = row?.used ?? 0;
    return `Used by ${plural(used, 'verified purchase')}${used ? ` (${plural(row?.rewarded ?? 0, 'reward')} mailed)` : ''}; ${plural(row?.unknown ?? 0, 'purchase')} of products not in the catalogue.`;
  }
  return null;
}
