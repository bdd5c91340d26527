/**
 * The Content-Security-Policy of answers Astro did not render (API JSON, redirects, the database-unavailable
 * page, static files): scripts only from this origin and never inline, styles from here or inline (the
 * unavailable page's own <style>), no plugins, no <base>, forms only to here, no framing.
 * Rendered pages get Astro's policy instead (astro.config.mjs `security.csp`): the same directives plus the
 * hashes of the inline scripts Astro emits.
 */
export const DEFAULT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers every page and API answer carries: no MIME sniffing, no framing by another site (clickjacking),
 * no full URLs leaked to other sites in Referer, a strict CSP, and HSTS when the console is reached over
 * HTTPS (directly, or through a trusted proxy: src/lib/server/proxy.ts).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/** A page's own policy (Astro's, with its script hashes) is kept; it must still forbid framing. */
function policyFor(existing: string | null): string {
  if (!existing) return DEFAULT_CSP;
  return /(^|;)\s*frame-ancestors\b/i.test(existing) ? existing : `${existing.replace(/;?\s*$/, '')}; frame-ancestors 'none'`;
}

/** The response with the headers set (a copy when its headers are immutable, as redirects' are). */
export function withSecurityHeaders(response: Response, https: boolean): Response {
  const headers = { ...securityHeaders(https), 'content-security-policy': policyFor(response.headers.get('content-security-policy')) };
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
