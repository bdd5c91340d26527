/**
 * Headers every page and API answer carries: no MIME sniffing, no framing by another site (clickjacking),
 * no full URLs leaked to other sites in Referer, and HSTS when the console is reached over HTTPS. A strict
 * Content-Security-Policy for scripts is not set yet (docs/security.md: still open); `frame-ancestors` is
 * the part of CSP that restricts nothing the islands need.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'",
    'referrer-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/** The response with the headers set (a copy when its headers are immutable, as redirects' are). */
export function withSecurityHeaders(response: Response, https: boolean): Response {
  const headers = securityHeaders(https);
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
