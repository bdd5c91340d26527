// Gift code bench (issue 19): generating a campaign of N codes through the API, then redeeming codes at a
// steady rate and reporting latency percentiles. Run against a server of the production build, e.g. on
// PostgreSQL:  BASE=http://127.0.0.1:4542 node scripts/bench-gift-codes.mjs [codes=1000000] [rate=300] [seconds=10]
// Uses the demo app com.gsm.blockpuzzle and the root demo account; writes nothing outside that app.
const base = process.env.BASE ?? 'http://127.0.0.1:4321';
const [count = 1_000_000, rate = 300, seconds = 10] = process.argv.slice(2).map(Number);
const appId = 'com.gsm.blockpuzzle';
const json = (r) => r.json();
const post = (path, body, headers = {}) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const login = await json(await post('/api/auth/login', { username: 'root', password: process.env.DEMO_PASSWORD ?? 'gsm-demo-2026' }));
const auth = { authorization: `Bearer ${login.data.accessToken}` };
const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();

let t = performance.now();
const created = await json(await post('/api/games/gift_code/create', { appId, name: `Bench ${Date.now()}`, kind: 'generated', count, code: 'B', rewards: 'coin:1', expiresAt, perPlayerLimit: 1000 }, auth));
if (!created.data) throw new Error(JSON.stringify(created));
const generateMs = performance.now() - t;
console.log(`generated ${count} codes in ${(generateMs / 1000).toFixed(1)} s`);

t = performance.now();
const csv = await (await fetch(`${base}/api/games/gift_code/export?id=${created.data.id}`, { headers: auth })).text();
const codes = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).map((l) => l.split(',')[0]);
console.log(`exported ${codes.length} codes in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const detail = await json(await fetch(`${base}/api/appdata/get/detail/${appId}`, { headers: auth }));
const key = detail.data.os[0].sdkAppKey;
const total = rate * seconds;
// Many players, each redeeming a few codes, as a live campaign sees them (a player's own count is one row that
// their redemptions queue on: four players redeeming 750 codes each measured that queue, not the service).
const playerCount = Math.min(total, 300);
const players = [];
for (let i = 0; i < playerCount; i++) {
  const s = await json(await post('/api/sdk/v1/players/session', { deviceId: `bench-${Date.now()}-${i}` }, { 'x-sdk-key': key }));
  players.push(s.data.accessToken);
}

const latencies = [];
const statuses = {};
const started = performance.now();
await new Promise((resolve) => {
  let sent = 0;
  let done = 0;
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    while (sent < due) {
      const i = sent++;
      const t0 = performance.now();
      post('/api/sdk/v1/giftcodes/redeem', { code: codes[i] }, { 'x-sdk-key': key, 'x-player-token': players[i % players.length] })
        .then(async (r) => {
          await r.arrayBuffer();
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        })
        .catch(() => (statuses.error = (statuses.error ?? 0) + 1))
        .finally(() => {
          latencies.push(performance.now() - t0);
          if (++done === total) resolve();
        });
    }
    if (sent >= total) clearInterval(timer);
  }, 5);
});
const wall = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(`redeemed ${total} codes at ${rate}/s target (${(total / wall).toFixed(0)}/s achieved): p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1).toFixed(1)} ms; statuses ${JSON.stringify(statuses)}`);
