import { createHash } from 'node:crypto';
import { addDays, dayStart, reportDay } from '../time/day';
import type { Actor } from '../auth/types';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { dropServingSnapshot, type Candidate } from './serving-cache';
import { badRequest, conflict, notFound } from '../server/errors';
import { creativesToText, STATUS_TRANSITIONS, type CampaignInput, type CampaignRow, type Creative, type PublisherRow } from './contract';

/** Campaigns and publisher apps as staff manage them. Every change is one transaction with one audit row. */

/** A campaign row as staff read it: the columns serving reads (./serving-cache.ts), times as stored, and the staff's own. */
interface CampaignDbRow extends Omit<Candidate, 'store_links' | 'start_at' | 'end_at'> {
  name: string;
  store_links: CampaignRow['storeLinks'];
  start_at: Date | string;
  end_at: Date | string;
  status: CampaignRow['status'];
  served_total: number;
  updated_at: Date | string;
  impressions?: number;
  clicks?: number;
  installs?: number;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export function toCampaignRow(r: CampaignDbRow): CampaignRow {
  return {
    id: r.id,
    name: r.name,
    advertisedApp: r.advertised_app,
    storeLinks: { ...{ android: '', ios: '', webgl: '' }, ...r.store_links },
    creatives: creativesToText(r.creatives),
    creativeList: r.creatives,
    targeting: r.targeting,
    startDay: reportDay(new Date(r.start_at).getTime()),
    // end_at is the instant the end day is over; the day shown is the last one served.
    endDay: reportDay(new Date(r.end_at).getTime() - 1),
    totalCap: r.total_cap,
    dailyCap: r.daily_cap,
    frequencyCap: r.frequency_cap,
    weight: r.weight,
    priority: r.priority,
    pacing: r.pacing,
    status: r.status,
    servedTotal: r.served_total,
    impressions: r.impressions ?? 0,
    clicks: r.clicks ?? 0,
    installs: r.installs ?? 0,
    updatedAt: iso(r.updated_at),
  };
}

/** A creative's id is a digest of what it shows, so reports keep a creative apart from an edited one. */
const creativeId = (c: Creative) => createHash('sha256').update(`${c.format}|${c.width}x${c.height}|${c.url}`).digest('base64url').slice(0, 12);

export async function listCampaigns(db: Sql): Promise<CampaignRow[]> {
  const rows = await db.query<CampaignDbRow>(
    `SELECT c.*, COALESCE(s.impressions, 0)::int AS impressions, COALESCE(s.clicks, 0)::int AS clicks,
            (SELECT count(*)::int FROM house_ad_installs i WHERE i.campaign_id = c.id) AS installs
       FROM house_ad_campaigns c
       LEFT JOIN (SELECT campaign_id, count(impression_at) AS impressions, count(click_at) AS clicks FROM house_ad_serves GROUP BY campaign_id) s ON s.campaign_id = c.id
      ORDER BY c.id DESC`,
  );
  return rows.map(toCampaignRow);
}

async function checkReferences(tx: Sql, input: CampaignInput): Promise<void> {
  const app = await tx.one('SELECT 1 FROM apps WHERE id = $1', [input.advertisedApp]);
  if (!app) throw badRequest(`advertisedApp: no app ${input.advertisedApp}.`);
  if (input.targeting.publisherApps.length) {
    const published = await tx.query<{ app_id: string }>('SELECT app_id FROM house_ad_publishers WHERE published AND app_id = ANY($1::text[])', [input.targeting.publisherApps]);
    const ok = new Set(published.map((p) => p.app_id));
    const missing = input.targeting.publisherApps.filter((a) => !ok.has(a));
    if (missing.length) throw badRequest(`targeting.publisherApps: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not a published app (publish it in Published Apps first).`);
  }
}

function checkTransition(from: CampaignRow['status'], to: CampaignRow['status']): void {
  if (from !== to && !STATUS_TRANSITIONS[from].includes(to)) throw badRequest(`status: a ${from} campaign cannot become ${to}${STATUS_TRANSITIONS[from].length ? ` (it may become ${STATUS_TRANSITIONS[from].join(' or ')})` : ''}.`);
}

export async function saveCampaign(db: Db, actor: Actor, input: CampaignInput): Promise<CampaignRow> {
  return afterCommit(db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const creatives = input.creatives.map((c) => ({ id: creativeId(c), ...c }));
    const values = [
      input.name,
      input.advertisedApp,
      JSON.stringify(input.storeLinks),
      JSON.stringify(creatives),
      JSON.stringify(input.targeting),
      new Date(dayStart(input.startDay)).toISOString(),
      new Date(dayStart(addDays(input.endDay, 1))).toISOString(),
      input.totalCap,
      input.dailyCap,
      input.frequencyCap,
      input.weight,
      input.priority,
      input.pacing,
      input.status,
    ];
    if (input.id === undefined) {
      if (input.status !== 'draft' && input.status !== 'running') throw badRequest('status: a new campaign starts as draft or running.');
      const row = await tx.one<CampaignDbRow>(
        `INSERT INTO house_ad_campaigns (name, advertised_app, store_links, creatives, targeting, start_at, end_at, total_cap, daily_cap, frequency_cap, weight, priority, pacing, status, created_by)
         VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING *`,
        [...values, actor.account?.username ?? ''],
      );
      const saved = toCampaignRow(row!);
      await auditAs(tx, actor, { action: 'house_ad.campaign.create', entity: 'house_ad_campaign', entityId: saved.id, after: saved });
      return saved;
    }
    const before = await tx.one<CampaignDbRow>('SELECT * FROM house_ad_campaigns WHERE id = $1 FOR UPDATE', [input.id]);
    if (!before) throw notFound(`No campaign ${input.id}.`);
    checkTransition(before.status, input.status);
    const row = await tx.one<CampaignDbRow>(
      `UPDATE house_ad_campaigns SET name = $1, advertised_app = $2, store_links = $3::jsonb, creatives = $4::jsonb, targeting = $5::jsonb, start_at = $6, end_at = $7,
              total_cap = $8, daily_cap = $9, frequency_cap = $10, weight = $11, priority = $12, pacing = $13, status = $14, updated_at = now()
        WHERE id = $15 RETURNING *`,
      [...values, input.id],
    );
    const saved = toCampaignRow(row!);
    await auditAs(tx, actor, { action: 'house_ad.campaign.update', entity: 'house_ad_campaign', entityId: saved.id, before: toCampaignRow(before), after: saved });
    return saved;
  }));
}

export async function setCampaignStatus(db: Db, actor: Actor, id: number, status: CampaignRow['status']): Promise<CampaignRow> {
  return afterCommit(db.transaction(async (tx) => {
    const before = await tx.one<CampaignDbRow>('SELECT * FROM house_ad_campaigns WHERE id = $1 FOR UPDATE', [id]);
    if (!before) throw notFound(`No campaign ${id}.`);
    if (before.status === status) throw conflict(`status: the campaign is already ${status}.`);
    checkTransition(before.status, status);
    const row = await tx.one<CampaignDbRow>('UPDATE house_ad_campaigns SET status = $2, updated_at = now() WHERE id = $1 RETURNING *', [id, status]);
    const saved = toCampaignRow(row!);
    await auditAs(tx, actor, { action: 'house_ad.campaign.status', entity: 'house_ad_campaign', entityId: id, before: { status: before.status }, after: { status } });
    return saved;
  }));
}

/** A change to campaigns or publishers: this process serves from fresh rows from the next request on. */
async function afterCommit<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  dropServingSnapshot();
  return result;
}

// Publisher apps ---------------------------------------------------------------------------------------

interface PublisherDbRow {
  app_id: string;
  name: string;
  published: boolean | null;
  placements: string[] | null;
  updated_at: Date | string | null;
}
const toPublisher = (r: PublisherDbRow): PublisherRow => ({
  appId: r.app_id,
  name: r.name,
  published: Boolean(r.published),
  placements: r.placements ?? [],
  updatedAt: r.updated_at ? iso(r.updated_at) : null,
});

/** Published apps, or every other app of the studio (never published, or unpublished). */
export async function listPublishers(db: Sql, published: boolean): Promise<PublisherRow[]> {
  const rows = await db.query<PublisherDbRow>(
    `SELECT a.id AS app_id, a.name, p.published, p.placements, p.updated_at
       FROM apps a LEFT JOIN house_ad_publishers p ON p.app_id = a.id
      WHERE COALESCE(p.published, false) = $1 ORDER BY a.name, a.id`,
    [published],
  );
  return rows.map(toPublisher);
}

async function publisherOf(tx: Sql, appId: string): Promise<PublisherRow | null> {
  const row = await tx.one<PublisherDbRow>(
    'SELECT a.id AS app_id, a.name, p.published, p.placements, p.updated_at FROM apps a LEFT JOIN house_ad_publishers p ON p.app_id = a.id WHERE a.id = $1',
    [appId],
  );
  return row ? toPublisher(row) : null;
}

export async function publishApp(db: Db, actor: Actor, appId: string, placements: string[]): Promise<PublisherRow> {
  return afterCommit(db.transaction(async (tx) => {
    const before = await publisherOf(tx, appId);
    if (!before) throw badRequest(`appId: no app ${appId}.`);
    const unique = [...new Set(placements)];
    await tx.query(
      `INSERT INTO house_ad_publishers (app_id, published, placements) VALUES ($1, true, $2::text[])
       ON CONFLICT (app_id) DO UPDATE SET published = true, placements = EXCLUDED.placements, updated_at = now()`,
      [appId, unique],
    );
    const after = (await publisherOf(tx, appId))!;
    await auditAs(tx, actor, { action: 'house_ad.app.publish', entity: 'house_ad_publisher', entityId: appId, before, after });
    return after;
  }));
}

export async function unpublishApp(db: Db, actor: Actor, appId: string): Promise<PublisherRow> {
  return afterCommit(db.transaction(async (tx) => {
    const before = await publisherOf(tx, appId);
    if (!before) throw badRequest(`appId: no app ${appId}.`);
    if (!before.published) throw conflict(`appId: ${appId} is not published.`);
    await tx.query('UPDATE house_ad_publishers SET published = false, updated_at = now() WHERE app_id = $1', [appId]);
    const after = (await publisherOf(tx, appId))!;
    await auditAs(tx, actor, { action: 'house_ad.app.unpublish', entity: 'house_ad_publisher', entityId: appId, before, after });
    return after;
  }));
}
