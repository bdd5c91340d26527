/** Where a sign-in or redirect flow goes when the requested target is not a safe same-origin path. */
export const SAFE_REDIRECT_FALLBACK = '/dashboard';

/**
 * The one check of every "go back to …" target (/login?redirect=, /auth-redirect, /redirect/…): only a
 * same-origin path is followed. Browsers read `\` as `/` and drop tabs and newlines, so `/\evil.example` and
 * `/\t/evil.example` are really `//evil.example` (another host): the target must start with exactly one `/`,
 * hold no backslash or control character anywhere, and its path must hold no `//` even after percent-decoding.
 * Anything else (or a sign-in page, which would loop) answers the dashboard.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (typeof target !== 'string' || target === '') return SAFE_REDIRECT_FALLBACK;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return SAFE_REDIRECT_FALLBACK;
  }
  for (const text of [target, decoded]) {
    if (!text.startsWith('/') || text.startsWith('//')) return SAFE_REDIRECT_FALLBACK;
    // eslint-disable-next-line no-control-regex
    if (/[\\\u0000-\u001f\u007f]/.test(text)) return SAFE_REDIRECT_FALLBACK;
    const path = text.split(/[?#]/, 1)[0]!;
    if (path.includes('//') || /^[a-z][a-z0-9+.-]*:/i.test(path)) return SAFE_REDIRECT_FALLBACK;
  }
  if (/^\/login(?:[/?#]|$)/.test(target)) return SAFE_REDIRECT_FALLBACK;
  return target;
}
