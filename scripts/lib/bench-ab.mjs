// The A/B reports in `npm run bench:analytics`: one running experiment (control:50, B:50, all players of
// the first app, started 28 days before the simulation's end) whose exposed players come from the A/B
// simulator (src/lib/experiments/simulator.ts, loaded through Node 24's type stripping), sent through the
// SDK endpoint like the studio's events, so both reports are timed over an app that also holds the studio.
import { simulateExperiment } from '../../src/lib/experiments/simulator.ts';

const DAY_MS = 86_400_000;
const ZONE_MS = 7 * 3_600_000;
const dayOf = (ms) => new Date(ms + ZONE_MS).toISOString().slice(0, 10);

async function call(base, token, method, path, body, headers = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${json.message ?? ''}`);
  return json.data;
}

/** Creates and starts the experiment on apps[0] and sends `players` exposed players; answers the events sent. */
export async function sendBenchExperiment(base, token, app, { players, now }) {
  const startDay = dayOf(now - 28 * DAY_MS);
  const saved = await call(base, token, 'POST', '/api/a_b_test/experiments/save', { appId: app.appId, name: 'Bench tutorial', variantSpec: 'control:50, B:50', startDay });
  await call(base, token, 'POST', '/api/a_b_test/experiments/start', { id: saved.id });
  const platform = app.platforms[0];
  const events = simulateExperiment({ experimentId: saved.id, variants: saved.variants, lift: { B: 0.08 }, players, startDay, now, seed: 15, os: platform.os, country: 'VN', appVersion: '1.0.0', prefix: `p_benchab${saved.id}x` });
  for (let i = 0; i < events.length; i += 500) {
    const answer = await call(base, null, 'POST', '/api/sdk/v1/analytics/events', { events: events.slice(i, i + 500) }, { 'x-sdk-key': platform.key });
    if (answer.rejected.length) throw new Error(`A/B bench events refused: ${answer.rejected[0].reason}`);
  }
  return events.length;
}

const hasData = (d) => d.lines.some((l) => l.eligible > 0 || l.n > 0);
export const AB_REPORTS = [
  ['A/B Retention Report', '/api/a_b_test/retention_report', {}, hasData],
  ['A/B Other Metrics (7 days)', '/api/a_b_test/other', {}, hasData],
];
