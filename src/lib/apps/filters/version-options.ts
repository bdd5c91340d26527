import { compareVersions } from '../../versions';

/** The version filter's "every version" choice. */
export const ALL_VERSIONS = 'all';

/**
 * The version choices: duplicates and blanks removed, sorted numerically by dotted segment (1.10.0 after
 * 1.9.2), with "all" first unless told not to.
 */
export function versionChoices(versions: readonly string[], { withAll = true }: { withAll?: boolean } = {}): string[] {
  const unique = [...new Set(versions.map((v) => v.trim()).filter((v) => v && v.toLowerCase() !== ALL_VERSIONS))].sort(compareVersions);
  return withAll ? [ALL_VERSIONS, ...unique] : unique;
}

/** Suggestions for what was typed: case-insensitive substring, choice order kept. */
export function suggestVersions(choices: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...choices];
  return choices.filter((v) => v.toLowerCase().includes(needle));
}
