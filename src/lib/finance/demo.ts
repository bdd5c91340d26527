import { addDays, reportDay } from '../time/day';
import type { Db, Sql } from '../server/db';
import { nowMs } from '../time/clock';
import { writeBatch, type CostFigure, type RevenueFigure } from './batches';
import { AD_NETWORKS, STORE_FEE, STORES, UA_CHANNELS } from './model';
import { refreshFinance } from './refresh';
import { mulberry32 } from '../random/seeded';

/**
 * The demo studio's finance: a year of plausible daily figures for the demo apps, seeded once with the demo
 * data (src/lib/server/db/seed.ts) so every finance screen shows something real. Ad networks and stores
 * report until yesterday (the console's own analytics estimates fill today, through the same refresh the
 * job runs). Deterministic (seeded random).
 */

export const DEMO_FINANCE_DAYS = 365;

/** USD micros per unit of the demo currencies, a year of daily rates drifting around these. */
const DEMO_RATES = { EUR: 1_080_000, VND: 40, GBP: 1_270_000 } as const;

export async function seedDemoFinanceRates(db: Sql, to: string, days = DEMO_FINANCE_DAYS + 60): Promise<void> {
  const rnd = mulberry32(7);
  const rows: { currency: string; day: string; usd_micros: number }[] = [];
  for (const [currency, base] of Object.entries(DEMO_RATES)) {
    for (let i = days - 1; i >= 0; i--) rows.push({ currency, day: addDays(to, -i), usd_micros: Math.max(1, Math.round(base * (1 + (rnd() - 0.5) * 0.02))) });
  }
  await db.query(
    `INSERT INTO finance_fx_rates (currency, day, usd_micros) SELECT currency, day, usd_micros FROM jsonb_to_recordset($1::jsonb) AS r(currency text, day date, usd_micros bigint)
     ON CONFLICT (currency, day) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/** The demo accounts' finance permission: marketing sees every team, the pm its two apps. */
const DEMO_PERMISSIONS = [
  { username: 'marketing', apps: [] as string[], teams: ['Puzzle Team', 'Casual Team', 'Idle Team'] },
  { username: 'pm', apps: ['com.gsm.blockpuzzle', 'com.gsm.idleminer'], teams: [] as string[] },
];

export async function seedDemoFinance(db: Db, now = nowMs()): Promise<void> {
  const started = performance.now();
  const today = reportDay(now);
  const yesterday = addDays(today, -1);
  // Networks and stores report until yesterday; the console's own analytics estimate covers today.
  const networksUntil = yesterday;
  const storesUntil = yesterday;
  const first = addDays(yesterday, -(DEMO_FINANCE_DAYS - 1));
  const platforms = await db.query<{ app_id: string; os: number }>(
    `SELECT o.app_id, o.os FROM app_os o JOIN apps a ON a.id = o.app_id WHERE a.show_finance AND o.os IN (1, 2) ORDER BY o.app_id, o.os`,
  );
  const revenue: RevenueFigure[] = [];
  const cost: CostFigure[] = [];
  const rnd = mulberry32(2026);
  for (const [index, { app_id: appId, os: rawOs }] of platforms.entries()) {
    const os = Number(rawOs);
    // Each app-platform has its own size; iOS players spend more per head, Android brings more ad views.
    const size = (0.6 + index * 0.35) * (os === 2 ? 0.7 : 1);
    for (let i = 0; i < DEMO_FINANCE_DAYS; i++) {
      const day = addDays(first, i);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const season = (weekday === 0 || weekday === 6 ? 1.15 : 1) * (1 + 0.35 * (i / DEMO_FINANCE_DAYS));
      const noise = () => 0.85 + rnd() * 0.3;
      if (day <= networksUntil) {
        AD_NETWORKS.forEach((network, n) => {
          const share = [0.4, 0.28, 0.13, 0.11, 0.08][n]!;
          const usd = Math.round(620 * size * season * share * noise() * 1e6);
          revenue.push({ appId, day, os, kind: 'ads', network, currency: 'USD', gross: usd, net: usd, grossUsd: usd, netUsd: usd });
        });
      }
      if (day <= storesUntil) {
        const gross = Math.round(240 * size * (os === 2 ? 1.9 : 1) * season * noise() * 1e6);
        const net = Math.round(gross * (1 - STORE_FEE));
        revenue.push({ appId, day, os, kind: 'iap', network: STORES[os as 1 | 2], currency: 'USD', gross, net, grossUsd: gross, netUsd: net });
      }
      UA_CHANNELS.forEach((channel, c) => {
        if (os === 1 && channel === 'Apple Search Ads') return;
        const share = [0.34, 0.26, 0.14, 0.1, 0.1, 0.06][c]!;
        for (const [k, campaign] of [`${channel} – Broad`, `${channel} – Lookalike`].entries()) {
          const spend = 430 * size * share * (k === 0 ? 0.6 : 0.4) * noise() * (1 + 0.2 * (i / DEMO_FINANCE_DAYS));
          const cpi = (os === 2 ? 1.6 : 0.7) * (0.8 + rnd() * 0.5);
          const roas = 0.9 + rnd() * 0.5;
          const usd = Math.round(spend * 1e6);
          cost.push({
            appId, day, os, channel, campaign, currency: 'USD', cost: usd, costUsd: usd, installs: Math.max(1, Math.round(spend / cpi)),
            revD0Usd: Math.round(usd * roas * 0.18), revD7Usd: Math.round(usd * roas * 0.52), revD30Usd: Math.round(usd * roas * 0.95),
          });
        }
      });
    }
  }
  if (platforms.length === 0) return;
  await db.transaction(async (tx) => {
    await seedDemoFinanceRates(tx, today);
    const appKeys = [...new Set(platforms.map((p) => p.app_id))].flatMap((appId) => Array.from({ length: DEMO_FINANCE_DAYS }, (_, i) => ({ appId, period: addDays(first, i) })));
    await writeBatch(tx, { source: 'demo', createdBy: 'demo', summary: `a year of demo figures (${first}..${yesterday})`, covers: { unit: 'day', keys: appKeys }, revenue, cost });
    for (const p of DEMO_PERMISSIONS) {
      await tx.query(`UPDATE accounts SET finance_apps = $2::jsonb, finance_teams = $3::jsonb WHERE username = $1`, [p.username, JSON.stringify(p.apps), JSON.stringify(p.teams)]);
    }
  });
  const refreshed = await refreshFinance(db, { now, days: 120 });
  console.log(`[db] seeded demo finance: ${revenue.length + cost.length} rows over ${DEMO_FINANCE_DAYS} days (${Math.round(performance.now() - started)} ms); ${refreshed.message}`);
}
