import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from './db/unavailable';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a browser gets while the database is out of reach: 503, the session cookies untouched, and a
 * calm explanation that reloads itself, so the person lands back on the page they asked for once the
 * database answers again. Plain HTML without scripts (it must not depend on anything the outage breaks).
 */
export function databaseUnavailablePage(appTitle: string, pathWithQuery: string): Response {
  const retry = escapeHtml(pathWithQuery);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2};url=${retry}">
<title>Temporarily unavailable - ${escapeHtml(appTitle)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f0f2f5; color: #303133; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 28px 32px; max-width: 480px; margin: 16px; }
  h1 { font-size: 1.25rem; margin: 0 0 12px; }
  p { line-height: 1.5; margin: 0 0 12px; }
  a { color: #409eff; }
</style>
</head>
<body>
<main data-testid="database-unavailable">
  <h1>The console is briefly unavailable</h1>
  <p>${escapeHtml(DATABASE_UNAVAILABLE_MESSAGE)}</p>
  <p>This page tries again by itself every few seconds. <a href="${retry}">Try again now</a></p>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
}
