import { randomUUID } from 'node:crypto';
import { defineMiddleware, sequence } from 'astro:middleware';
import { decideNavigation } from './lib/auth/guard';
import { clearSessionCookies } from './lib/auth/cookies';
import { resolveAccount, sessionFailureRedirect } from './lib/auth/resolve';
import { MESSAGES } from './lib/http/messages';
import { recordVisit } from './lib/dashboard/service';
import { recordApiRequest } from './lib/logs/service';
import { findRoute } from './lib/routes';
import { json } from './lib/server/api/handler';
import { compressResponse } from './lib/server/compression';
import { withSecurityHeaders } from './lib/server/security-headers';
import { ready } from './lib/server/startup';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const handleRequest = defineMiddleware(async (ctx, next) => {
  const requestId = randomUUID();
  ctx.locals.requestId = requestId;
  ctx.locals.clientIp = clientIp(ctx);
  ctx.locals.account = null;
  const isApi = ctx.url.pathname.startsWith('/api/');

  let db;
  try {
    db = await ready();
  } catch (error) {
    console.error(`[db] not available (request ${requestId}):`, error instanceof Error ? error.message : error);
    const message = `The database is not available: ${error instanceof Error ? error.message : 'unknown error'}`;
    return isApi ? json(503, { message }) : new Response(message, { status: 503 });
  }

  ctx.locals.db = db;

  let resolved;
  try {
    resolved = await resolveAccount(db, { headers: ctx.request.headers, cookies: ctx.cookies, secure: ctx.url.protocol === 'https:' });
  } catch (error) {
    // Session load failed (spec section 8): drop the session and send the browser to sign in again.
    console.error(`[session] load failed (request ${requestId}):`, error instanceof Error ? error.message : error);
    clearSessionCookies(ctx.cookies);
    if (isApi) return json(401, { message: MESSAGES.sessionLoadFailed });
    return ctx.redirect(sessionFailureRedirect(`${ctx.url.pathname}${ctx.url.search}`, error), 302);
  }
  const { account, viaCookie } = resolved;
  ctx.locals.account = account;

  if (isApi) {
    // Cookie-authenticated mutations must come from our own pages (the cookie is also SameSite=Lax).
    if (viaCookie && !SAFE_METHODS.has(ctx.request.method) && isCrossSite(ctx.request)) {
      return json(403, { message: 'Cross-site request refused.' });
    }
    const started = performance.now();
    const response = await next();
    response.headers.set('x-request-id', requestId);
    // Not awaited: the log must not slow the answer; a failure to log is reported, never the request's.
    void recordApiRequest(db, {
      accountId: account?.id ?? null,
      username: account?.username ?? '',
      method: ctx.request.method,
      path: ctx.url.pathname,
      status: response.status,
      durationMs: performance.now() - started,
      requestId,
      ip: ctx.locals.clientIp,
    }).catch((error) => console.error('[api-log]', error instanceof Error ? error.message : error));
    return response;
  }

  const decision = decideNavigation(ctx.url.pathname, ctx.url.searchParams, account);
  if (decision.kind === 'redirect') return ctx.redirect(decision.location, 302);
  const response = await next();
  const route = findRoute(ctx.url.pathname);
  if (account && route && ctx.request.method === 'GET' && response.status === 200) {
    await recordVisit(db, account.id, route.path).catch((error) => console.error('[visits]', error));
  }
  response.headers.set('x-request-id', requestId);
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
  return response;
});

/** Outermost: every answer, including the early ones above, is compressed when big enough (src/lib/server/compression.ts). */
const compression = defineMiddleware(async (ctx, next) => compressResponse(ctx.request, await next()));

const headers = defineMiddleware(async (ctx, next) => withSecurityHeaders(await next(), ctx.url.protocol === 'https:'));

export const onRequest = sequence(headers, compression, handleRequest);

function isCrossSite(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin) {
    try {
      return new URL(origin).host !== request.headers.get('host');
    } catch {
      return true;
    }
  }
  const site = request.headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

function clientIp(ctx: { clientAddress: string; request: Request }): string {
  try {
    return ctx.clientAddress;
  } catch {
    return '';
  }
}
