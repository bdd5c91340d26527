import type { AppOption, AppOsOption } from '../contract';
import { rankByMatch, SELECT_OPTIONS_LIMIT } from '../../ui/filters/options';

/**
 * A choice of the app autocomplete: an app ({ id: appId, value: name }) or, optionally, one of its
 * OS-specific variants ({ id: "{appId}_{os}", value: "{name}_Android" | "{name}_Ios" | "{name}_Webgl" }).
 */
export interface AppChoice {
  id: string;
  value: string;
  appId: string;
  os?: 1 | 2 | 3;
}

/** Choices over the account's visible apps, each followed by its platform variants when asked for. */
export function appChoices(apps: readonly AppOption[], variants: readonly AppOsOption[] = [], { withOs = false }: { withOs?: boolean } = {}): AppChoice[] {
  const byApp = new Map<string, AppOsOption[]>();
  if (withOs) for (const v of variants) byApp.set(v.appId, [...(byApp.get(v.appId) ?? []), v]);
  const out: AppChoice[] = [];
  for (const app of apps) {
    out.push({ id: app.id, value: app.name, appId: app.id });
    for (const v of byApp.get(app.id) ?? []) out.push({ id: v.id, value: v.value, appId: app.id, os: v.os });
  }
  return out;
}

/**
 * Suggestions for what was typed, matching the name or the id (case-insensitive): exact, then prefix,
 * then anywhere; at most 100.
 */
export function suggestApps(choices: readonly AppChoice[], query: string, limit = SELECT_OPTIONS_LIMIT): AppChoice[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return choices.slice(0, limit);
  const byName = rankByMatch(choices, needle, (c) => c.value);
  const seen = new Set(byName.map((c) => c.id));
  const byId = rankByMatch(choices, needle, (c) => c.id).filter((c) => !seen.has(c.id));
  return [...byName, ...byId].slice(0, limit);
}
