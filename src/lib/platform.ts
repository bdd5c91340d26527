/**
 * The platforms an app ships on (spec section 3 "OS enumeration"): Android=1, iOS=2, WebGL=3.
 * Filters add 0 meaning ALL (see src/lib/ui/filters/os-options.ts). Shared by server and browser.
 */
export const OS = { Android: 1, Ios: 2, WebGL: 3 } as const;
export type OsCode = (typeof OS)[keyof typeof OS];
export const OS_CODES: readonly OsCode[] = [1, 2, 3];

/**
 * Display names: the one platform vocabulary of every screen, form, message and export ("iOS", as Apple
 * writes it). The spec's "Ios" is an identifier, kept only where it is one (OS_VARIANT_SUFFIX).
 */
export const OS_NAMES: Record<OsCode, string> = { 1: 'Android', 2: 'iOS', 3: 'WebGL' };

/** Each platform as a choice of a select or multi-select, in code order. */
export const PLATFORM_CHOICES: readonly { label: string; value: OsCode }[] = OS_CODES.map((os) => ({ label: OS_NAMES[os], value: os }));

/** Suffix of an OS-specific app variant's value: "{name}_Android", "{name}_Ios", "{name}_Webgl". */
export const OS_VARIANT_SUFFIX: Record<OsCode, string> = { 1: 'Android', 2: 'Ios', 3: 'Webgl' };

/** Keys of the per-app version pools (get/versions answers { android, ios, webgl }). */
export const OS_POOL_KEYS = { 1: 'android', 2: 'ios', 3: 'webgl' } as const satisfies Record<OsCode, string>;
export type VersionPoolKey = (typeof OS_POOL_KEYS)[OsCode];

/** What the platform's store identifier is called on forms. */
export const OS_PACKAGE_LABEL: Record<OsCode, string> = { 1: 'Package name', 2: 'Bundle id', 3: 'Web build id' };

export function isOsCode(value: unknown): value is OsCode {
  return value === 1 || value === 2 || value === 3;
}

/** An OS-specific variant id "{appId}_{os}" split back into its parts (appId may itself contain "_"). */
export function parseVariantId(id: string): { appId: string; os: OsCode } | null {
  const match = /^(.+)_([123])$/.exec(id);
  return match ? { appId: match[1]!, os: Number(match[2]) as OsCode } : null;
}
