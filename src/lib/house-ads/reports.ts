import { daysOf } from '../analytics/day';
import { resolveScope } from '../analytics/reports';
import { handleReport } from '../reports/server';
import type { Sql } from '../server/db';
import { advertiserReportScreen, campaignReportScreen, publisherReportScreen, type HouseAdLine } from './screens';

/**
 * The house-ads reports' server halves. Impressions and clicks count on the day they were tracked, installs on
 * the day of the first open (docs/metrics.md). The apps filter picks advertised apps, except in the publisher
 * report, where it picks the apps that showed the ads.
 */

type By = 'day' | 'advertiser' | 'publisher';

async function lines(db: Sql, by: By, apps: string[], from: string, to: string, campaign: number | null): Promise<Map<string, HouseAdLine>> {
  const scoped = by === 'publisher' ? 's.publisher_app' : 'c.advertised_app';
  const key = (dayColumn: string) => (by === 'day' ? `${dayColumn}::text` : by === 'advertiser' ? 'c.advertised_app' : 's.publisher_app');
  const where = (dayColumn: string) => `${scoped} = ANY($1::text[]) AND ${dayColumn} BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR c.id = $4::int)`;
  const rows = await db.query<{ k: string; kind: 'i' | 'c' | 'n'; n: number }>(
    `SELECT ${key('s.impression_day')} AS k, 'i' AS kind, count(*)::int AS n FROM house_ad_serves s JOIN house_ad_campaigns c ON c.id = s.campaign_id
      WHERE ${where('s.impression_day')} GROUP BY 1
     UNION ALL
     SELECT ${key('s.click_day')}, 'c', count(*)::int FROM house_ad_serves s JOIN house_ad_campaigns c ON c.id = s.campaign_id
      WHERE ${where('s.click_day')} GROUP BY 1
     UNION ALL
     SELECT ${key('i.day')}, 'n', count(*)::int FROM house_ad_installs i JOIN house_ad_serves s ON s.serve_id = i.serve_id JOIN house_ad_campaigns c ON c.id = i.campaign_id
      WHERE ${where('i.day')} GROUP BY 1`,
    [apps, from, to, campaign],
  );
  const out = new Map<string, HouseAdLine>();
  for (const r of rows) {
    const line = out.get(r.k) ?? { key: r.k, label: r.k, impressions: 0, clicks: 0, installs: 0 };
    if (r.kind === 'i') line.impressions += r.n;
    else if (r.kind === 'c') line.clicks += r.n;
    else line.installs += r.n;
    out.set(r.k, line);
  }
  return out;
}

export const campaignReportHandler = handleReport(campaignReportScreen, async (db, viewer, input) => {
  const scope = await resolveScope(db, viewer, input);
  const id = /^\d{1,9}$/.test(input.campaign) ? Number(input.campaign) : null;
  const [byDay, campaigns] = await Promise.all([
    lines(db, 'day', scope.apps, scope.from, scope.to, id),
    db.query<{ id: number; name: string }>('SELECT id, name FROM house_ad_campaigns WHERE advertised_app = ANY($1::text[]) ORDER BY id DESC', [scope.apps]),
  ]);
  const rows = daysOf(scope.from, scope.to).map((day) => byDay.get(day) ?? { key: day, label: day, impressions: 0, clicks: 0, installs: 0 });
  return { from: scope.from, to: scope.to, apps: scope.apps, pending: 0, campaign: id === null ? '' : String(id), campaigns, rows };
});

function perApp(screen: typeof advertiserReportScreen, by: 'advertiser' | 'publisher') {
  return handleReport(screen, async (db, viewer, input) => {
    const scope = await resolveScope(db, viewer, input);
    const found = await lines(db, by, scope.apps, scope.from, scope.to, null);
    const names = await db.query<{ id: string; name: string }>('SELECT id, name FROM apps WHERE id = ANY($1::text[])', [[...found.keys()]]);
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    const rows = [...found.values()].map((l) => ({ ...l, label: nameOf.get(l.key) ?? l.key })).sort((a, b) => b.impressions - a.impressions || a.label.localeCompare(b.label));
    return { from: scope.from, to: scope.to, apps: scope.apps, pending: 0, rows };
  });
}

export const houseAdReportHandlers = [campaignReportHandler, perApp(advertiserReportScreen, 'advertiser'), perApp(publisherReportScreen, 'publisher')];
