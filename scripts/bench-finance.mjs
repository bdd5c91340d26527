// Finance reports at studio scale (tracker issue 16: every finance report ≤ 300 ms on PostgreSQL for 50 apps
// × 3 years): a throw-away PostgreSQL cluster, the built console on it (demo accounts), then 50 apps with
// three years of daily revenue (6 ad networks + the store, 2 OS) and UA cost (6 channels × 2 campaigns, 2 OS)
// loaded in SQL, and each finance endpoint timed as root (median of 7 after a warm-up).
// Usage: npm run build && node scripts/bench-finance.mjs [--write-doc]   (BENCH_PG_URL: use that database)
// --embedded: the same data and calls on the embedded database (PGlite): the console prepares its data folder,
// stops, the rows are loaded into that folder in this process, and the console serves it again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { machine, machineLine, table, writeDocBlock } from './lib/bench-doc.mjs';
import { ensureBuilt, median, root, startPostgres, startServer } from './lib/bench-servers.mjs';

// BENCH_APPS / BENCH_DAYS: issue 37 asks for 100 apps × 24 months with corrections.
const APPS = Number(process.env.BENCH_APPS ?? 50);
const DAYS = Number(process.env.BENCH_DAYS ?? 1096);
const PASSWORD = 'bench-demo-password';

ensureBuilt();
const embedded = process.argv.includes('--embedded');

/** Loads the bench studio through `client` (a pg client, or PGlite in this process); returns its counts. */
async function load(client) {
  const started = performance.now();
  await client.query(`INSERT INTO teams (name) SELECT 'Bench Team ' || t FROM generate_series(1, 10) t ON CONFLICT DO NOTHING`);
  await client.query(
    `INSERT INTO apps (id, name, team_id) SELECT 'com.bench.app' || a, 'Bench App ' || a, (SELECT id FROM teams WHERE name = 'Bench Team ' || (1 + a % 10)) FROM generate_series(1, $1) a`,
    [APPS],
  );
  const batch = (await client.query(`INSERT INTO finance_batches (source, created_by, summary) VALUES ('demo', 'bench', 'bench studio') RETURNING id`)).rows[0].id;
  const to = (await client.query(`SELECT (now() AT TIME ZONE 'Asia/Ho_Chi_Minh')::date - 1 AS d`)).rows[0].d;
  await client.query(
    `INSERT INTO finance_revenue (batch_id, source, rank, data_version, app_id, day, os, kind, network, currency, gross, net, gross_usd, net_usd)
     SELECT $1, 'demo', 1, 1, 'com.bench.app' || a, $2::date - d, os, k.kind, k.network, 'USD', v, CASE WHEN k.kind = 'iap' THEN v * 85 / 100 ELSE v END, v, CASE WHEN k.kind = 'iap' THEN v * 85 / 100 ELSE v END
       FROM generate_series(1, $3) a, generate_series(0, $4 - 1) d, (VALUES (1), (2)) o(os),
            (VALUES ('ads', 'AdMob'), ('ads', 'AppLovin MAX'), ('ads', 'Unity Ads'), ('ads', 'ironSource'), ('ads', 'Meta Audience Network'), ('ads', 'In-house'), ('iap', 'store')) k(kind, network),
            LATERAL (SELECT (20000000 + ((a * 7919 + d * 104729 + os * 31) % 90000000))::bigint AS v) x`,
    [batch, to, APPS, DAYS],
  );
  await client.query(
    `INSERT INTO finance_cost (batch_id, source, data_version, app_id, day, os, channel, campaign, currency, cost, cost_usd, installs, rev_d0_usd, rev_d7_usd, rev_d30_usd)
     SELECT $1, 'demo', 1, 'com.bench.app' || a, $2::date - d, os, ch, ch || ' ' || c, 'USD', v, v, (v / 900000)::int, v / 5, v / 2, v
       FROM generate_series(1, $3) a, generate_series(0, $4 - 1) d, (VALUES (1), (2)) o(os),
            unnest(ARRAY['Meta', 'Google Ads', 'Apple Search Ads', 'Unity', 'AppLovin', 'TikTok']) ch, generate_series(1, 2) c,
            LATERAL (SELECT (10000000 + ((a * 15485863 + d * 7 + c) % 60000000))::bigint AS v) x`,
    [batch, to, APPS, DAYS],
  );
  // Corrections (issue 37): one ad-revenue and one cost correction per app and month (day 1, Android), each a
  // current 'manual' row and its finance_corrections record, so the counting rules' lookups have work to do.
  const manual = (await client.query(`INSERT INTO finance_batches (source, created_by, summary) VALUES ('manual', 'bench', 'bench corrections') RETURNING id`)).rows[0].id;
  await client.query(
    `INSERT INTO finance_revenue (batch_id, source, rank, data_version, app_id, day, os, kind, network, currency, gross, net, gross_usd, net_usd)
     SELECT $1, 'manual', 1, 1, 'com.bench.app' || a, d, 1, 'ads', 'AdMob', 'USD', 12345678, 12345678, 12345678, 12345678
       FROM generate_series(1, $2) a, generate_series(date_trunc('month', $3::date - ($4 - 1))::date + interval '1 month', $3::date, interval '1 month') d`,
    [manual, APPS, to, DAYS],
  );
  await client.query(
    `INSERT INTO finance_cost (batch_id, source, data_version, app_id, day, os, channel, campaign, currency, cost, cost_usd, installs)
     SELECT $1, 'manual', 1, 'com.bench.app' || a, d, 1, 'Meta', 'correction', 'USD', 2345678, 2345678, 0
       FROM generate_series(1, $2) a, generate_series(date_trunc('month', $3::date - ($4 - 1))::date + interval '1 month', $3::date, interval '1 month') d`,
    [manual, APPS, to, DAYS],
  );
  await client.query(
    `INSERT INTO finance_corrections (app_id, day, os, kind, name, currency, amount, usd, reason, batch_id, created_by)
     SELECT app_id, day, os, kind, network, currency, gross, gross_usd, 'bench', batch_id, 'bench' FROM finance_revenue WHERE batch_id = $1
     UNION ALL SELECT app_id, day, os, 'cost', channel, currency, cost, cost_usd, 'bench', batch_id, 'bench' FROM finance_cost WHERE batch_id = $1`,
    [manual],
  );
  // The daily rollup of all those rows: the fill statement of its migration (batches keep it current in the console).
  const migration = readFileSync(join(root, 'src/lib/server/db/migrations/0102_finance_daily.sql'), 'utf8');
  await client.query('TRUNCATE finance_daily');
  await client.query(migration.slice(migration.indexOf('INSERT INTO finance_daily')));
  // And the monthly rollups of Revenue and Statistic MKT (migration 0161), the same way.
  const monthly = readFileSync(join(root, 'src/lib/server/db/migrations/0161_finance_monthly.sql'), 'utf8');
  await client.query('TRUNCATE finance_revenue_monthly, finance_cost_monthly');
  await client.query(monthly.slice(monthly.indexOf('INSERT INTO finance_revenue_monthly')));
  await client.query('ANALYZE');
  const counts = (await client.query(`SELECT (SELECT count(*) FROM finance_revenue)::int AS r, (SELECT count(*) FROM finance_cost)::int AS c`)).rows[0];
  const loadMs = Math.round(performance.now() - started);
  console.log(`loaded ${counts.r} revenue and ${counts.c} cost rows in ${loadMs} ms`);

  return { counts, loadMs, corrections: (await client.query('SELECT count(*)::int AS n FROM finance_corrections')).rows[0].n, to };
}

let server;
let cluster = null;
let loaded;
if (embedded) {
  // PGlite is one process's database: the console makes and migrates the folder, then lets go of it.
  const first = await startServer({ DEMO_PASSWORD: PASSWORD });
  await first.stop({ keepData: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(first.dataDir, 'pg'));
  const client = { query: async (sql, params) => (params ? db.query(sql, params) : (await db.exec(sql)).at(-1)) };
  try {
    loaded = await load(client);
    await db.exec('CHECKPOINT');
  } finally {
    await db.close();
  }
  server = await startServer({ DEMO_PASSWORD: PASSWORD }, { dataDir: first.dataDir });
} else {
  cluster = process.env.BENCH_PG_URL ? null : await startPostgres();
  const url = process.env.BENCH_PG_URL ?? cluster.url;
  server = await startServer({ DATABASE_URL: url, DEMO_PASSWORD: PASSWORD });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    loaded = await load(client);
  } finally {
    await client.end();
  }
}
const { counts, loadMs, corrections, to } = loaded;
try {
  const login = await fetch(`${server.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: PASSWORD }) });
  const token = (await login.json()).data.accessToken;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const day = (offset) => new Date(Date.parse(`${to.toISOString?.().slice(0, 10) ?? to}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
  const toDay = day(0);
  const month = toDay.slice(0, 7);
  const lastYear = Number(toDay.slice(0, 4)) - 1;
  const cases = [
    ['Finance Statistic, 30 days by day', 'GET', `/api/reportSystem/data?by=day&from=${day(29)}&to=${toDay}`],
    ['Finance Statistic, 1 year by app', 'GET', `/api/reportSystem/data?by=app&from=${day(364)}&to=${toDay}`],
    ['Revenue, 1 year by network', 'GET', `/api/reportSystem/dataByRangeDate?by=network&from=${day(364)}&to=${toDay}`],
    ['Statistic MKT, 1 year by campaign', 'GET', `/api/reportSystem/mktStatistic/getCostData?by=campaign&from=${day(364)}&to=${toDay}`],
    ['Statistic MKT, 90 days by day', 'GET', `/api/reportSystem/mktStatistic/getCostData?by=day&from=${day(89)}&to=${toDay}`],
    ['Revenue, 45 days by network', 'GET', `/api/reportSystem/dataByRangeDate?by=network&from=${day(44)}&to=${toDay}`],
    [`Overview, ${DAYS} days by month`, 'GET', `/api/reportSystem/dataChart?by=month&from=${day(DAYS - 1)}&to=${toDay}`],
    ['Overview, 1 year by team', 'GET', `/api/reportSystem/dataChart?by=team&from=${day(364)}&to=${toDay}`],
    ['App Detail, 1 app, 1 year by day', 'GET', `/api/reportSystem/appDetail/data?apps=com.bench.app${Math.min(7, APPS)}&by=day&from=${day(364)}&to=${toDay}`],
    ['Revenue reconciliation, 30 days', 'GET', `/api/finance/reconciliation?from=${day(29)}&to=${toDay}`],
    ['Compare Version, 30 days', 'GET', `/api/reportSystem/compareVersion?from=${day(29)}&to=${toDay}&a=current&b=current`],
    ['Report Month (dataMonth)', 'POST', '/api/reportSystem/dataMonth', { month }],
    ['Report Year (year/getData2)', 'POST', '/api/reportSystem/year/getData2', { year: lastYear }],
    ['Month Excel (dataMonthExcel)', 'POST', '/api/reportSystem/dataMonthExcel', { month }],
  ];
  const rows = [];
  for (const [name, method, path, body] of cases) {
    const call = async () => {
      const t = performance.now();
      const r = await fetch(`${server.base}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${name}: HTTP ${r.status}`);
      return performance.now() - t;
    };
    await call();
    const times = [];
    for (let i = 0; i < 7; i++) times.push(await call());
    rows.push([name, `${Math.round(median(times))} ms`, `${Math.round(Math.max(...times))} ms`]);
    console.log(name, Math.round(median(times)), 'ms');
  }
  const m = machine();
  const doc = [
    `${APPS} apps × ${DAYS} days on ${embedded ? 'the embedded database (PGlite)' : 'PostgreSQL'}: ${counts.r.toLocaleString('en-US')} revenue rows (6 networks + store, 2 OS) and ${counts.c.toLocaleString('en-US')} cost rows (6 channels × 2 campaigns, 2 OS), ${corrections.toLocaleString('en-US')} corrections, plus the demo studio; loaded in ${loadMs} ms. Each call as root (every app), over HTTP, median and slowest of 7 after a warm-up.`,
    '',
    table(['Call', 'Median', 'Slowest'], rows),
    '',
    machineLine(m, 'shared with other work'),
  ].join('\n');
  console.log(doc);
  if (process.argv.includes('--write-doc')) console.log('wrote', writeDocBlock(root, embedded ? 'finance-embedded' : 'finance', doc));
} finally {
  await server.stop();
  cluster?.stop();
}
