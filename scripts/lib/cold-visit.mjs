// A cold first visit as a browser makes it: a fresh Chromium context (empty cache) signed in by cookie, the
// page loaded until the network is idle, and every request it made counted from Playwright's network events
// with its transfer size (response headers + the body as received, still encoded). Used by bench:pages.
import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Playwright's resource types, in the groups the bench reports. */
const GROUP = { document: 'document', script: 'script', stylesheet: 'stylesheet', font: 'font', image: 'image', fetch: 'data', xhr: 'data' };

let browser = null;
async function launched() {
  browser ??= await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  return browser;
}

/**
 * Visits `path` of `base` cold. Answers the requests made, the bytes transferred (headers + encoded bodies),
 * the same by group (document, script, stylesheet, font, image, data, other) and the requests that failed
 * or answered 4xx/5xx (each one line).
 */
export async function coldVisit(base, path, cookieHeader, viewport) {
  const context = await (await launched()).newContext({ viewport, serviceWorkers: 'block' });
  const url = new URL(base);
  await context.addCookies(
    cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' };
    }),
  );
  const page = await context.newPage();
  const seen = [];
  const failed = [];
  let unfinished = 0;
  page.on('requestfinished', (request) => seen.push(request));
  page.on('requestfailed', (request) => {
    unfinished++;
    failed.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
  });
  try {
    const response = await page.goto(base + path, { waitUntil: 'networkidle', timeout: 60_000 });
    if (response?.status() !== 200) failed.push(`${path}: answered ${response?.status()}`);
    // Late requests (islands hydrating when seen, data the page asks for once hydrated) are part of the visit.
    await page.waitForLoadState('networkidle');
    const byType = {};
    let bytes = 0;
    for (const request of seen) {
      const sizes = await request.sizes();
      const status = (await request.response())?.status() ?? 0;
      if (status >= 400) failed.push(`${request.url()}: answered ${status}`);
      const n = sizes.responseHeadersSize + sizes.responseBodySize;
      const group = GROUP[request.resourceType()] ?? 'other';
      byType[group] ??= { count: 0, bytes: 0 };
      byType[group].count++;
      byType[group].bytes += n;
      bytes += n;
    }
    return { requests: seen.length + unfinished, bytes, byType, failed };
  } finally {
    await context.close();
  }
}

/** Closes the shared browser (the bench's end). */
export async function closeColdVisits() {
  await browser?.close();
  browser = null;
}
