// Drives a running console over HTTP the way a game SDK and an operator would: signs in, makes sure the
// simulated studio's apps exist (with an SDK key per platform), sends the simulated events to
// /api/sdk/v1/analytics/events with each platform's key, and asks for the rollups.
// The simulator itself is src/lib/analytics/simulator.ts, loaded through Node 24's type stripping.
import { simulateStudio } from '../../src/lib/analytics/simulator.ts';
import { createSdkClient } from '../../src/lib/sdk-client/client.ts';

/** Reads `--name value` and `--flag` arguments. */
export function parseArgs(argv, defaults) {
  const out = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)$/.exec(argv[i]);
    if (!m) throw new Error(`unexpected argument ${argv[i]}`);
    const key = m[1].replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out[key] = true;
    else {
      out[key] = typeof defaults[key] === 'number' ? Number(next) : next;
      i++;
    }
  }
  return out;
}

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${json.message ?? ''}`);
  return json.data;
}

export async function signIn(base, username, password) {
  return (await call(base, null, 'POST', '/api/auth/login', { username, password })).accessToken;
}

/**
 * A token source for a long run: access tokens expire (15 minutes), so `fresh()` signs in again once the last
 * sign-in is 10 minutes old and answers the current token.
 */
export async function signedIn(base, username, password) {
  let token = await signIn(base, username, password);
  let signedAt = performance.now();
  return async function fresh() {
    if (performance.now() - signedAt > 10 * 60_000) [token, signedAt] = [await signIn(base, username, password), performance.now()];
    return token;
  };
}

const NAMES = ['Bubble Pop Saga', 'Merge Kingdom', 'Word Garden', 'Idle Farm Tycoon', 'Solitaire Journey', 'Jigsaw Daily', 'Sudoku Master', 'Pixel Racer', 'Mahjong Quest', 'Color Sort', 'Dungeon Tiles', 'Ocean Match'];
/** Platforms of the n-th simulated app: every app on Android, most on iOS, some on WebGL. */
const PLATFORMS = [[1, 2], [1, 2, 3], [1], [1, 2], [1, 3], [1, 2, 3]];
const SHARE = { 1: 6, 2: 3, 3: 1 };

/** The simulated studio's apps (created when missing), with their SDK keys per platform. */
export async function ensureStudioApps(base, token, count) {
  const apps = [];
  for (let i = 0; i < count; i++) {
    const id = `com.gsm.sim${String(i + 1).padStart(2, '0')}`;
    const platforms = PLATFORMS[i % PLATFORMS.length];
    let detail;
    try {
      detail = await call(base, token, 'GET', `/api/appdata/get/detail/${id}`);
    } catch {
      detail = await call(base, token, 'POST', '/api/appdata/create', {
        id,
        name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${Math.floor(i / NAMES.length) + 1}` : ''}`,
        published: true,
        gameTypes: ['Casual'],
        os: platforms.map((os) => ({ os, packageId: `${id}${os === 1 ? '' : os === 2 ? '.ios' : '-web'}` })),
      });
    }
    apps.push({
      appId: id,
      launchDay: i === 0 ? 0 : (i * 9) % 40,
      platforms: detail.os.map((o) => ({ os: o.os, key: o.sdkAppKey, share: SHARE[o.os] })),
    });
  }
  return apps;
}

/**
 * Sends the studio's batches with `concurrency` requests in flight; answers the counts and timing.
 * `now` is the simulation's end instant (default: the console's clock now). onProgress is called every
 * few seconds with the running totals. `failures` counts answers other than 200 (each batch is retried).
 */
export async function sendStudio(base, apps, { users, days, seed, now, concurrency = 4, onProgress }) {
  const sdkClients = new Map();
  const batches = simulateStudio({ apps, users, days, seed, now });
  const totals = { batches: 0, events: 0, accepted: 0, duplicates: 0, rejected: 0, clamped: 0, failures: 0 };
  const started = performance.now();
  let lastReport = started;
  let done = false;
  const worker = async () => {
    for (;;) {
      const next = batches.next();
      if (next.done) return;
      const batch = next.value;
      const sdk = sdkClients.get(batch.key) ?? sdkClients.set(batch.key, createSdkClient({ baseUrl: base, key: batch.key })).get(batch.key);
      for (let attempt = 1; ; attempt++) {
        // Through the generated SDK client (src/lib/sdk-client), as a game would call.
        const answer = await sdk.POST('/api/sdk/v1/analytics/events', { body: { events: batch.events } }).catch((error) => ({ response: { ok: false, status: 0 }, error }));
        const { response } = answer;
        if (response.ok) {
          const { data } = answer.data;
          totals.accepted += data.accepted;
          totals.duplicates += data.duplicates;
          totals.rejected += data.rejected.length;
          totals.clamped += data.clamped?.length ?? 0;
          break;
        }
        // An SDK retries a batch that was not acknowledged; resending is safe (idempotent by event id).
        totals.failures++;
        if (attempt >= 5) throw new Error(`batch of ${batch.appId} refused with ${response.status}: ${answer.error?.message ?? JSON.stringify(answer.error)}`);
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
      totals.batches++;
      totals.events += batch.events.length;
      const now = performance.now();
      if (onProgress && now - lastReport > 5000 && !done) {
        lastReport = now;
        onProgress({ ...totals, seconds: (now - started) / 1000 });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  done = true;
  return { ...totals, seconds: (performance.now() - started) / 1000 };
}

/** Rolls up everything pending (in bounded requests); answers the app-days done and the time taken. */
export async function rollupAll(base, token, onProgress) {
  const started = performance.now();
  let appDays = 0;
  for (;;) {
    // token may be a function: a rollup of millions of events outlasts one access token.
    const result = await call(base, typeof token === 'function' ? await token() : token, 'POST', '/api/analytic/rollup', { budgetMs: 20_000 });
    appDays += result.appDays;
    onProgress?.({ appDays, pending: result.pending, seconds: (performance.now() - started) / 1000 });
    if (result.pending === 0) break;
  }
  return { appDays, seconds: (performance.now() - started) / 1000 };
}

export { call };
