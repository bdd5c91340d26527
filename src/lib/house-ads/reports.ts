import { addDays, daysBetween, daysOf } from '../time/day';
import { handleScopedReport, type ReportScope } from '../analytics/reports';
import { installValueSql, paidCpiCte } from './value';
import type { Sql } from '../server/db';
import { advertiserReportScreen, campaignReportScreen, compareScreen, OVERVIEW_TOP, overviewScreen, PREVIOUS_PERIOD, publisherReportScreen, type CompareLine, type HouseAdLine } from './screens';

/**
 * The house-ads reports' server halves. Impressions and clicks count on the day they were tracked, installs on
 * the day of the first open (docs/metrics.md). The apps filter picks advertised apps, except in the publisher
 * report, where it picks the apps that showed the ads. Platform, version and country are what the serving knew
 * of the player when it served the ad (the publisher app's platform, the version and country the SDK sent), so
 * an install is filtered by the serve it is credited to.
 */

type By = 'day' | 'advertiser' | 'publisher' | 'campaign';

/** The serve conditions of the shared filters, as SQL on `s` with their parameters appended. */
function servedWhere(scope: ReportScope, params: unknown[]): string {
  const parts: string[] = [];
  if (scope.os) parts.push(`s.os = $${params.push(scope.os)}::int`);
  if (scope.version && scope.version !== 'all') parts.push(`s.app_version = $${params.push(scope.version)}`);
  if (scope.countries.length) parts.push(`s.country = ANY($${params.push(scope.countries)}::text[])`);
  return parts.map((p) => ` AND ${p}`).join('');
}

/**
 * Impressions, clicks and installs by `by` over the scope. `appsPick` says what the apps filter picks: the
 * advertised apps, or (the publisher report) the apps that showed the ads.
 */
async function lines(
  db: Sql,
  by: By,
  scope: ReportScope,
  campaign: number | null,
  range: { from: string; to: string } = scope,
  appsPick: 'advertiser' | 'publisher' = by === 'publisher' ? 'publisher' : 'advertiser',
): Promise<Map<string, HouseAdLine>> {
  const scoped = appsPick === 'publisher' ? 's.publisher_app' : 'c.advertised_app';
  const keyOf: Record<By, (dayColumn: string) => string> = {
    day: (d) => `${d}::text`,
    advertiser: () => 'c.advertised_app',
    publisher: () => 's.publisher_app',
    campaign: () => 'c.id::text',
  };
  const params: unknown[] = [scope.apps, range.from, range.to, campaign];
  const filters = servedWhere(scope, params);
  const where = (dayColumn: string) => `${scoped} = ANY($1::text[]) AND ${dayColumn} BETWEEN $2::date AND $3::date AND ($4::int IS NULL OR c.id = $4::int)${filters}`;
  const key = keyOf[by];
  const rows = await db.query<{ k: string; kind: 'i' | 'c' | 'n'; n: number; value: string }>(
    `WITH ${paidCpiCte('$2', '$3')}
     SELECT ${key('s.impression_day')} AS k, 'i' AS kind, count(*)::int AS n, 0::bigint AS value FROM house_ad_serves s JOIN house_ad_campaigns c ON c.id = s.campaign_id
      WHERE ${where('s.impression_day')} GROUP BY 1
     UNION ALL
     SELECT ${key('s.click_day')}, 'c', count(*)::int, 0 FROM house_ad_serves s JOIN house_ad_campaigns c ON c.id = s.campaign_id
      WHERE ${where('s.click_day')} GROUP BY 1
     UNION ALL
     SELECT ${key('i.day')}, 'n', count(*)::int, sum(${installValueSql('i')})::bigint FROM house_ad_installs i JOIN house_ad_serves s ON s.serve_id = i.serve_id JOIN house_ad_campaigns c ON c.id = i.campaign_id
      WHERE ${where('i.day')} GROUP BY 1`,
    params,
  );
  const out = new Map<string, HouseAdLine>();
  for (const r of rows) {
    const line = out.get(r.k) ?? { key: r.k, label: r.k, impressions: 0, clicks: 0, installs: 0, value: 0 };
    if (r.kind === 'i') line.impressions += r.n;
    else if (r.kind === 'c') line.clicks += r.n;
    else (line.installs += r.n), (line.value = Number(r.value) / 1e6);
    out.set(r.k, line);
  }
  return out;
}

const zero = (day: string): HouseAdLine => ({ key: day, label: day, impressions: 0, clicks: 0, installs: 0, value: 0 });
const byImpressions = (a: HouseAdLine, b: HouseAdLine) => b.impressions - a.impressions || b.clicks - a.clicks || a.label.localeCompare(b.label);
const campaignParam = (v: string) => (/^\d{1,9}$/.test(v) ? Number(v) : null);

/** The campaigns of the scope's advertised apps, newest first (the campaign pickers). */
const campaignsOf = (db: Sql, scope: ReportScope) =>
  db.query<{ id: number; name: string }>('SELECT id, name FROM house_ad_campaigns WHERE advertised_app = ANY($1::text[]) ORDER BY id DESC', [scope.apps]);

async function withAppNames(db: Sql, found: Map<string, HouseAdLine>): Promise<HouseAdLine[]> {
  const names = await db.query<{ id: string; name: string }>('SELECT id, name FROM apps WHERE id = ANY($1::text[])', [[...found.keys()]]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return [...found.values()].map((l) => ({ ...l, label: nameOf.get(l.key) ?? l.key })).sort(byImpressions);
}

export const campaignReportHandler = handleScopedReport(campaignReportScreen, async (db, scope, input) => {
  const id = campaignParam(input.campaign);
  const [byDay, campaigns] = await Promise.all([lines(db, 'day', scope, id), campaignsOf(db, scope)]);
  const rows = daysOf(scope.from, scope.to).map((day) => byDay.get(day) ?? zero(day));
  return { pending: 0, campaign: id === null ? '' : String(id), campaigns, rows };
});

function perApp(screen: typeof advertiserReportScreen, by: 'advertiser' | 'publisher') {
  return handleScopedReport(screen, async (db, scope) => ({ pending: 0, rows: await withAppNames(db, await lines(db, by, scope, null)) }));
}

export const overviewHandler = handleScopedReport(overviewScreen, async (db, scope) => {
  const [byDay, byCampaign, byPublisher, campaigns] = await Promise.all([
    lines(db, 'day', scope, null),
    lines(db, 'campaign', scope, null),
    // The apps filter picks advertised apps here too: the top publisher apps are those that showed their ads.
    lines(db, 'publisher', scope, null, scope, 'advertiser'),
    campaignsOf(db, scope),
  ]);
  const nameOf = new Map(campaigns.map((c) => [String(c.id), c.name]));
  const topCampaigns = [...byCampaign.values()].map((l) => ({ ...l, label: nameOf.get(l.key) ?? `#${l.key}` })).sort(byImpressions).slice(0, OVERVIEW_TOP);
  const topPublishers = (await withAppNames(db, byPublisher)).slice(0, OVERVIEW_TOP);
  const rows = daysOf(scope.from, scope.to).map((day) => byDay.get(day) ?? zero(day));
  return { pending: 0, rows, topCampaigns, topPublishers };
});

export const compareHandler = handleScopedReport(compareScreen, async (db, scope, input) => {
  const campaigns = await campaignsOf(db, scope);
  const known = new Map(campaigns.map((c) => [c.id, c.name]));
  // An unknown or foreign id shows the newest campaign instead, as the picker's first choice.
  const aId = known.has(campaignParam(input.a) ?? -1) ? campaignParam(input.a)! : (campaigns[0]?.id ?? null);
  const bId = input.b !== PREVIOUS_PERIOD && known.has(campaignParam(input.b) ?? -1) ? campaignParam(input.b)! : null;
  const days = daysOf(scope.from, scope.to);
  const shift = bId === null ? -(daysBetween(scope.from, scope.to) + 1) : 0;
  const otherRange = { from: addDays(scope.from, shift), to: addDays(scope.to, shift) };
  const [a, b] =
    aId === null
      ? [new Map<string, HouseAdLine>(), new Map<string, HouseAdLine>()]
      : await Promise.all([lines(db, 'day', scope, aId), lines(db, 'day', scope, bId ?? aId, otherRange)]);
  const rows: CompareLine[] = days.map((day) => {
    const otherDay = addDays(day, shift);
    const x = a.get(day) ?? zero(day);
    const y = b.get(otherDay) ?? zero(otherDay);
    return { key: day, otherDay, aImpressions: x.impressions, aClicks: x.clicks, aInstalls: x.installs, bImpressions: y.impressions, bClicks: y.clicks, bInstalls: y.installs };
  });
  const aName = aId === null ? 'Campaign' : (known.get(aId) ?? `#${aId}`);
  const bName = bId === null ? `Period before (${otherRange.from} – ${otherRange.to})` : (known.get(bId) ?? `#${bId}`);
  return {
    pending: 0,
    a: aId === null ? '' : String(aId),
    b: bId === null ? PREVIOUS_PERIOD : String(bId),
    aName,
    bName,
    campaigns,
    rows,
  };
});

export const houseAdReportHandlers = [overviewHandler, campaignReportHandler, perApp(advertiserReportScreen, 'advertiser'), perApp(publisherReportScreen, 'publisher'), compareHandler];
