import type { AppSummary } from './contract';
import { appMatchesText } from './rules';

/** The App Manager's filters, as its URL query carries them. */
export interface AppListFilter {
  /** 0 = every platform, else apps that ship on that platform. */
  os: number;
  state: 'all' | 'published' | 'unpublished';
  /** Apps carrying any of these labels (none = no label filter). */
  labels: readonly string[];
  text: string;
  /** The selected app (id or OS variant "{appId}_{os}"); null = every app. */
  appId: string | null;
}

export const APP_SORT_KEYS = ['name', 'id', 'team', 'state', 'updated'] as const;
export type AppSortKey = (typeof APP_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
/** The tabs of an app's detail dialog. */
export type DetailTab = 'details' | 'config' | 'dates' | 'ptracking' | 'storekey' | 'versions' | 'items';

export function filterApps(apps: readonly AppSummary[], filter: AppListFilter): AppSummary[] {
  const labels = new Set(filter.labels.map((l) => l.toLowerCase()));
  return apps.filter(
    (app) =>
      (!filter.appId || app.id === filter.appId) &&
      (filter.os === 0 || app.os.some((o) => o.os === filter.os)) &&
      (filter.state === 'all' || app.published === (filter.state === 'published')) &&
      (labels.size === 0 || app.labels.some((l) => labels.has(l.toLowerCase()))) &&
      appMatchesText(app, filter.text),
  );
}

const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
const comparators: Record<AppSortKey, (a: AppSummary, b: AppSummary) => number> = {
  name: (a, b) => text(a.name, b.name) || text(a.id, b.id),
  id: (a, b) => text(a.id, b.id),
  // Apps without a team sort last in ascending order.
  team: (a, b) => (a.team ? 0 : 1) - (b.team ? 0 : 1) || text(a.team, b.team) || text(a.name, b.name),
  state: (a, b) => Number(b.published) - Number(a.published) || text(a.name, b.name),
  updated: (a, b) => a.updatedAt.localeCompare(b.updatedAt) || text(a.name, b.name),
};

/** A sorted copy. */
export function sortApps(apps: readonly AppSummary[], key: AppSortKey, direction: SortDirection): AppSummary[] {
  const sorted = [...apps].sort(comparators[key]);
  return direction === 'asc' ? sorted : sorted.reverse();
}

/** Every label in use with how many apps carry it, most used first (labels differing only in case count together). */
export function labelCounts(apps: readonly AppSummary[]): { label: string; apps: number }[] {
  const counts = new Map<string, { label: string; apps: number }>();
  for (const app of apps) {
    for (const label of app.labels) {
      const key = label.toLowerCase();
      const entry = counts.get(key) ?? { label, apps: 0 };
      entry.apps++;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.apps - a.apps || text(a.label, b.label));
}
