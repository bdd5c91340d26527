import { randomUUID } from 'node:crypto';
import { defineMiddleware, sequence } from 'astro:middleware';
import { decideNavigation } from './lib/auth/guard';
import { resolveAccount } from './lib/auth/resolve';
import { sessionCache } from './lib/auth/session-cache';
import { visitCounter } from './lib/dashboard/visit-counter';
import { apiLog } from './lib/logs/api-log-writer';
import { findRoute } from './lib/routes';
import { errorJson } from './lib/server/api/handler';
import { isSdkPath } from './lib/server/api/sdk-path';
import { compressResponse } from './lib/server/compression';
import { serverConfig } from './lib/server/config';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './lib/server/db/unavailable';
import { clientAddressOf, isHttpsRequest } from './lib/server/proxy';
import { withSecurityHeaders } from './lib/server/security-headers';
import { ready } from './app/startup';
import { databaseUnavailablePage } from './lib/server/unavailable-page';
import { internalErrorJson, logFault, throwTestFault } from './lib/server/faults';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const handleRequest = defineMiddleware(async (ctx, next) => {
  // The 500 page rendered for a fault below (faults): straight to the page, nothing here runs a second time.
  if (ctx.locals.fault) return next();
  const requestId = randomUUID();
  ctx.locals.requestId = requestId;
  ctx.locals.clientIp = clientAddressOf(ctx.request, socketAddress(ctx));
  ctx.locals.account = null;
  ctx.locals.route = null;
  const isApi = ctx.url.pathname.startsWith('/api/');
  const pathWithQuery = `${ctx.url.pathname}${ctx.url.search}`;
  // The database out of reach is not "signed out": 503 and a calm message, the session cookies untouched
  // (docs/decisions.md, "Database outage is not signing out").
  const unavailable = (stage: string, error: unknown) => {
    console.error(`[db] unavailable during ${stage} (request ${requestId}):`, error instanceof Error ? error.message : error);
    return isApi
      ? errorJson(503, DATABASE_UNAVAILABLE_MESSAGE, { 'retry-after': String(RETRY_AFTER_SECONDS) }, isSdkPath(ctx.url.pathname), 'UNAVAILABLE')
      : databaseUnavailablePage(serverConfig().appTitle, pathWithQuery);
  };

  let db;
  try {
    db = await ready();
  } catch (error) {
    return unavailable('start-up', error);
  }
  ctx.locals.db = db;
  throwTestFault(ctx.request, 'middleware');
  // Found once here and read by the layout, the catch-all page and the visit counter below.
  ctx.locals.route = isApi ? null : (findRoute(ctx.url.pathname) ?? null);

  let resolved;
  try {
    resolved = await resolveAccount(db, { headers: ctx.request.headers, cookies: ctx.cookies, secure: isHttpsRequest(ctx.request, ctx.url) });
  } catch (error) {
    // The session could not be checked (the only thing that throws here is the database): the visitor may
    // well be signed in, so nothing is cleared and nobody is sent to sign in.
    return unavailable('the session check', error);
  }
  const { account, viaCookie } = resolved;
  ctx.locals.account = account;

  if (isApi) {
    // Cookie-authenticated mutations must come from our own pages (the cookie is also SameSite=Lax).
    if (viaCookie && !SAFE_METHODS.has(ctx.request.method) && isCrossSite(ctx.request)) {
      // (A game's call carries no console cookie; an SDK path still answers in the SDK's error model.)
      return errorJson(403, 'Cross-site request refused.', {}, isSdkPath(ctx.url.pathname), 'FORBIDDEN');
    }
    const started = performance.now();
    const response = await next();
    response.headers.set('x-request-id', requestId);
    if ((account || ctx.url.pathname.startsWith('/api/auth/')) && !SAFE_METHODS.has(ctx.request.method) && response.status < 400) {
      // A signed-in change, or a sign-out by refresh token (either may have ended sessions or changed
      // grants): answer once the database's notifications of it have gone round, so another process cannot
      // still serve an ended session. (Not for the SDK's public ingestion: it ends no session.)
      await sessionCache().barrier(db).catch((error) => console.error('[session-cache] barrier:', error instanceof Error ? error.message : error));
    }
    // Queued, written in batches off the request path (src/lib/logs/api-log-writer.ts). Only the path is
    // kept (never the query or body), so no token, password or secret can reach the log.
    apiLog()?.add({
      at: new Date(),
      accountId: account?.id ?? null,
      username: account?.username ?? '',
      method: ctx.request.method,
      path: ctx.url.pathname,
      status: response.status,
      durationMs: performance.now() - started,
      requestId,
      ip: ctx.locals.clientIp,
    });
    return response;
  }

  const decision = decideNavigation(ctx.url.pathname, ctx.url.searchParams, account);
  if (decision.kind === 'redirect') return ctx.redirect(decision.location, 302);
  let response;
  try {
    response = await next();
  } catch (error) {
    if (isDatabaseUnavailable(error)) return unavailable('the page render', error);
    throw error;
  }
  const route = ctx.locals.route;
  if (account && route && ctx.request.method === 'GET' && response.status === 200) {
    // Counted in memory, written in batches off the request path (src/lib/dashboard/visit-counter.ts).
    visitCounter()?.add(account.id, route.path);
  }
  response.headers.set('x-request-id', requestId);
  if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
  return response;
});

/** Outermost: every answer, including the early ones above, is compressed when big enough (src/lib/server/compression.ts). */
const compression = defineMiddleware(async (ctx, next) => compressResponse(ctx.request, await next()));

/**
 * An exception nothing else answered (the middleware, a page's render; the API's handlers answer their own):
 * the error model's INTERNAL on /api, the console's 500 page elsewhere, instead of Astro's bare 500.
 */
const faults = defineMiddleware(async (ctx, next) => {
  try {
    return await next();
  } catch (error) {
    const requestId = ctx.locals.requestId ?? randomUUID();
    if (ctx.locals.fault) throw error; // The 500 page itself failed: Astro's own answer is all that is left.
    logFault(requestId, `${ctx.request.method} ${ctx.url.pathname}`, error);
    if (ctx.url.pathname.startsWith('/api/')) return internalErrorJson(requestId);
    ctx.locals.fault = requestId;
    const page = await ctx.rewrite('/500');
    page.headers.set('x-request-id', requestId);
    page.headers.set('cache-control', 'no-store');
    return page;
  }
});

const headers = defineMiddleware(async (ctx, next) => withSecurityHeaders(await next(), isHttpsRequest(ctx.request, ctx.url)));

export const onRequest = sequence(headers, compression, faults, handleRequest);

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

function socketAddress(ctx: { clientAddress: string }): string {
  try {
    return ctx.clientAddress;
  } catch {
    return '';
  }
}
