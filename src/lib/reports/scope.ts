import { MESSAGES } from '../http/messages';
import type { Db, Sql } from '../server/db';
import { badRequest, HttpError } from '../server/errors';
import { nowMs } from '../time/clock';
import { addDays, daysBetween, reportDay } from '../time/day';
import type { ReportAnswer, ReportDescriptor, ReportInputOf } from './define';
import type { ReportFilters } from './filters';
import { handleReport, type ReportHandler } from './server';
import type { z } from 'zod';
import type { SessionAccount } from '../auth/types';

/**
 * The one scoping of every report: the range (default the last 30 days, at most `maxDays`), the apps the
 * account may see figures of (403 for an asked one it may not), and the answer's range and apps added to
 * what the report's query answers. Which apps an account sees is the area's rule (analytics: the app list
 * of its account; finance: its finance permission), passed in, so this floor names no area.
 */

/** The range and apps every report scope holds; an area's scope adds its own fields (os, versions, names). */
export interface BaseScope {
  apps: string[];
  from: string;
  to: string;
}

/** The request fields scoping reads: every report's request is the shared filters extended, so it holds them. */
export type ScopeFilters = Pick<ReportFilters, 'from' | 'to'> & { apps?: readonly string[] };

/** How an area decides which apps an account sees and what its scope holds besides range and apps. */
export interface ScopeRule<S extends BaseScope, A extends { id: string } = { id: string }, V = SessionAccount, F extends ScopeFilters = ScopeFilters> {
  /** The longest range in days (inclusive) a report of the area accepts. */
  maxDays: number;
  /** The apps the account sees figures of, narrowed to `asked` when it names some (in answer order). */
  apps: (db: Sql, viewer: V, asked: readonly string[]) => Promise<A[]>;
  /** Whether the account may ask for this app at all; `seen` is what `apps` answered. False answers 403. */
  mayAsk: (viewer: V, id: string, seen: readonly A[]) => boolean;
  /** The area's scope from the resolved range and apps and the request. */
  scope: (base: BaseScope, apps: A[], filters: F) => S;
}

/** Resolves a report's scope by the area's rule: range checks first (400), then the apps (403). */
export async function resolveReportScope<S extends BaseScope, A extends { id: string }, V, F extends ScopeFilters>(
  db: Sql,
  viewer: V,
  filters: F,
  rule: ScopeRule<S, A, V, F>,
  now = nowMs(),
): Promise<S> {
  const to = filters.to ?? reportDay(now);
  const from = filters.from ?? addDays(to, -29);
  if (from > to) throw badRequest('from: must not be after to');
  if (daysBetween(from, to) + 1 > rule.maxDays) throw badRequest(`the range may span at most ${rule.maxDays} days`);
  const asked = filters.apps ?? [];
  const apps = await rule.apps(db, viewer, asked);
  for (const id of asked) if (!rule.mayAsk(viewer, id, apps)) throw new HttpError(403, MESSAGES.permissionInvalid);
  return rule.scope({ apps: apps.map((a) => a.id), from, to }, apps, filters);
}

/** What a scoped report's query answers: its figures, without the range and apps the scoping adds. */
export type ScopedFigures<F extends z.ZodRawShape> = Omit<ReportAnswer<F>, 'from' | 'to' | 'apps'>;

/**
 * A report's server half over a scope: resolves it by `rule`, runs `figures` over it and answers the figures
 * with the scope's range and apps. `viewer` is there for the few queries that read more of the account (the
 * data versions it may compare).
 */
export function handleScoped<E extends z.ZodRawShape, F extends z.ZodRawShape, S extends BaseScope, A extends { id: string }>(
  descriptor: ReportDescriptor<E, F>,
  rule: ScopeRule<S, A, SessionAccount, ReportFilters>,
  figures: (db: Db, scope: S, input: ReportInputOf<ReportDescriptor<E, F>>, viewer: SessionAccount) => Promise<ScopedFigures<F>>,
): ReportHandler<ReportDescriptor<E, F>> {
  return handleReport(descriptor, async (db, viewer, input) => {
    // Every report's request is the shared filters extended (reportFilters.extend), so it holds them.
    const scope = await resolveReportScope(db, viewer, input as ReportFilters, rule);
    return { from: scope.from, to: scope.to, apps: scope.apps, ...(await figures(db, scope, input, viewer)) } as ReportAnswer<F>;
  });
}
