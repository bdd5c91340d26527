import { tunables } from './config';

/** The first value of a comma-separated forwarding header (`https, http` → `https`). */
const first = (value: string | null) => value?.split(',')[0]?.trim().toLowerCase() ?? '';

/**
 * Whether the visitor reached the console over HTTPS: the connection itself, or — only with TRUST_PROXY on —
 * the reverse proxy's `X-Forwarded-Proto: https` (the proxy terminates TLS and talks plain HTTP to us).
 * Without TRUST_PROXY the header is ignored, so a client talking to the console directly cannot forge it.
 * Decides the cookies' Secure flag and HSTS.
 */
export function isHttpsRequest(request: Request, url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return tunables().trustProxy && first(request.headers.get('x-forwarded-proto')) === 'https';
}

/**
 * The visitor's address: the socket's peer, or — only with TRUST_PROXY on — the address the proxy appended
 * last to X-Forwarded-For (earlier entries come from the client and prove nothing).
 */
export function clientAddressOf(request: Request, socketAddress: string): string {
  if (!tunables().trustProxy) return socketAddress;
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop();
  return last || socketAddress;
}
