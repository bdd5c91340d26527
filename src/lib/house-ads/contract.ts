import { z } from 'zod';
import { MAX_SERIAL_ID, contractsFor, publicApi } from '../contract';

/**
 * In-house ads (issue 17): campaigns, the publisher apps that show them, the SDK's serving and tracking calls.
 * Shared by browser (forms validate with these schemas) and server.
 */

export const AD_FORMATS = ['banner', 'interstitial', 'rewarded', 'native'] as const;
export const adFormat = z.enum(AD_FORMATS, { error: `must be one of ${AD_FORMATS.join(', ')}` });
export const CAMPAIGN_STATUSES = ['draft', 'running', 'paused', 'ended'] as const;
export const campaignStatus = z.enum(CAMPAIGN_STATUSES, { error: `must be one of ${CAMPAIGN_STATUSES.join(', ')}` });
export const AUDIENCES = ['all', 'new', 'returning'] as const;

/** Which status a campaign may move to from each status (the same status is always allowed: an edit). */
export const STATUS_TRANSITIONS: Record<(typeof CAMPAIGN_STATUSES)[number], readonly string[]> = {
  draft: ['running', 'ended'],
  running: ['paused', 'ended'],
  paused: ['running', 'ended'],
  ended: [],
};

/** The studio defaults before anyone saves the Setting screen (migration 0165 writes the same). */
export const HOUSE_AD_DEFAULTS = { attributionWindowDays: 7 } as const;
/** The highest default value of an install (USD) the settings accept. */
export const MAX_VALUE_PER_INSTALL = 1000;
/** The longest attribution window the Setting screen accepts (tracking tokens and serves are kept this long). */
export const MAX_ATTRIBUTION_DAYS = 30;

/** A URL a player's device may load: http(s) only (no javascript:, data:, file:). */
export const httpUrl = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL');

export const creative = z.object({
  format: adFormat,
  width: z.number().int().min(1).max(4096),
  height: z.number().int().min(1).max(4096),
  url: httpUrl,
});
export type Creative = z.infer<typeof creative>;

/** Creatives as the form writes them: one a line, "<format> <width>x<height> <url>". */
export function creativesToText(list: readonly Creative[]): string {
  return list.map((c) => `${c.format} ${c.width}x${c.height} ${c.url}`).join('\n');
}

const creativeLine = /^(\S+)\s+(\d+)\s*x\s*(\d+)\s+(\S+)$/i;

/**
 * The creatives: a list of objects (scripts) or the form's text, one a line. Each line's problem names its
 * line, so the message under the field says what to fix.
 */
export const creativesInput = z.preprocess(
  (value, ctx) => {
    if (typeof value !== 'string') return value;
    const lines = value.split('\n').map((l) => l.trim()).filter(Boolean);
    const out: unknown[] = [];
    lines.forEach((line, i) => {
      const m = creativeLine.exec(line);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `line ${i + 1}: write "<format> <width>x<height> <url>", e.g. "banner 320x50 https://cdn.example.com/b.png"`, input: value });
        return;
      }
      out.push({ format: m[1]!.toLowerCase(), width: Number(m[2]), height: Number(m[3]), url: m[4] });
    });
    return out;
  },
  z.array(creative).min(1, 'add at least one creative').max(20, 'at most 20 creatives'),
);

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'is required (a day)');
/** Empty form numbers mean "no cap". */
const optionalCount = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(MAX_SERIAL_ID).nullable());

export const targeting = z.object({
  /** Empty: every published app. */
  publisherApps: z.array(z.string().min(1).max(100)).max(200).default([]),
  /** Empty: every platform. */
  os: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1 (Android), 2 (iOS) or 3 (WebGL)' })).max(3).default([]),
  /** ISO country codes; empty: everywhere. */
  countries: z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be two-letter country codes')).max(300).default([]),
  /** App versions of the publisher app; empty: every version. */
  versions: z.array(z.string().trim().min(1).max(50)).max(200).default([]),
  /** new: players created on the day they are served; returning: the others. */
  audience: z.enum(AUDIENCES).default('all'),
});
export type Targeting = z.infer<typeof targeting>;

export const storeLinks = z.object({
  android: z.union([z.literal(''), httpUrl]).default(''),
  ios: z.union([z.literal(''), httpUrl]).default(''),
  webgl: z.union([z.literal(''), httpUrl]).default(''),
});

export const campaignInput = z
  .object({
    id: z.number().int().min(1).max(MAX_SERIAL_ID).optional(),
    name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    advertisedApp: z.string().trim().min(1, 'is required').max(100),
    storeLinks,
    creatives: creativesInput,
    targeting,
    /** Reporting days (UTC+7), both included. */
    startDay: day,
    endDay: day,
    totalCap: optionalCount.default(null),
    dailyCap: optionalCount.default(null),
    frequencyCap: optionalCount.default(null),
    weight: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(1),
    priority: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').max(10, 'must be at most 10').default(0),
    pacing: z.boolean().default(false),
    status: campaignStatus.default('draft'),
  })
  .superRefine((c, ctx) => {
    if (c.endDay < c.startDay) ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'must not be before the start day' });
    if (c.dailyCap !== null && c.totalCap !== null && c.dailyCap > c.totalCap) ctx.addIssue({ code: 'custom', path: ['dailyCap'], message: 'must not be more than the total cap' });
    if (c.pacing && c.dailyCap === null) ctx.addIssue({ code: 'custom', path: ['pacing'], message: 'needs a daily cap to spread over the day' });
  });
export type CampaignInput = z.output<typeof campaignInput>;

export const campaignRow = z.object({
  id: z.number().int(),
  name: z.string(),
  advertisedApp: z.string(),
  storeLinks: storeLinks,
  /** The form's text (one creative a line). */
  creatives: z.string(),
  creativeList: z.array(creative.extend({ id: z.string() })),
  targeting,
  startDay: z.string(),
  endDay: z.string(),
  totalCap: z.number().int().nullable(),
  dailyCap: z.number().int().nullable(),
  frequencyCap: z.number().int().nullable(),
  weight: z.number().int(),
  priority: z.number().int(),
  pacing: z.boolean(),
  status: campaignStatus,
  servedTotal: z.number().int(),
  /** Lifetime counts (the reports split them by day). */
  impressions: z.number().int(),
  clicks: z.number().int(),
  installs: z.number().int(),
  updatedAt: z.string(),
});
export type CampaignRow = z.infer<typeof campaignRow>;

const CAMPAIGNS = '/ads_in_house/campaign/manager';

export const campaignListContract = contractsFor({ route: CAMPAIGNS }).get(
  '/api/ads_in_house/campaign/list',
  z.object({}),
  z.array(campaignRow),
);

const campaignEditApi = contractsFor({ route: CAMPAIGNS, actions: ['campaign_edit'] });
const houseAppEditApi = contractsFor({ route: '/ads_in_house/app/index', actions: ['campaign_edit'] });

export const campaignSaveContract = campaignEditApi.post(
  '/api/ads_in_house/campaign/save',
  campaignInput,
  campaignRow,
  { maxBody: 64 * 1024 },
);

export const campaignStatusContract = campaignEditApi.post(
  '/api/ads_in_house/campaign/status',
  z.object({ id: z.number().int().min(1).max(MAX_SERIAL_ID), status: campaignStatus }),
  campaignRow,
  { maxBody: 1024 },
);

// Publisher apps ---------------------------------------------------------------------------------------

export const placementName = z.string().trim().regex(/^[A-Za-z0-9._-]{1,50}$/, 'placements are 1–50 letters, digits, dots, dashes or underscores');

export const publisherRow = z.object({
  appId: z.string(),
  name: z.string(),
  published: z.boolean(),
  placements: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type PublisherRow = z.infer<typeof publisherRow>;

/** The published apps (Published Apps). */
export const publisherListContract = contractsFor({ route: '/ads_in_house/app/index' }).get(
  '/api/ads_in_house/app/list',
  z.object({}),
  z.array(publisherRow),
);

/** The studio's other apps: never published or unpublished (Unpublished Apps). */
export const unpublishedListContract = contractsFor({ route: '/ads_in_house/app/unpublish' }).get(
  '/api/ads_in_house/app/unpublished',
  z.object({}),
  z.array(publisherRow),
);

/** Publishes an app (or edits its placements). */
export const publisherSaveContract = houseAppEditApi.post(
  '/api/ads_in_house/app/save',
  z.object({
    appId: z.string().trim().min(1, 'is required').max(100),
    placements: z.array(placementName).min(1, 'name at least one placement').max(50, 'at most 50 placements'),
  }),
  publisherRow,
  { maxBody: 8192 },
);

export const publisherUnpublishContract = houseAppEditApi.post(
  '/api/ads_in_house/app/unpublish',
  z.object({ appId: z.string().trim().min(1, 'is required').max(100) }),
  publisherRow,
  { maxBody: 1024 },
);

// SDK: serving and tracking ------------------------------------------------------------------------------

export const serveRequest = z.object({
  placement: placementName,
  format: adFormat,
  /** What the game knows of the player; targeting that names them needs them. */
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').optional(),
  version: z.string().trim().min(1).max(50).optional(),
});

export const servedAd = z.object({
  campaignId: z.number().int(),
  creativeId: z.string(),
  format: adFormat,
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  /** The advertised app's store page for the player's platform. */
  storeUrl: z.string(),
  /** Send once when the ad was shown / tapped (each is single use). */
  impressionToken: z.string(),
  clickToken: z.string(),
});
export type ServedAd = z.infer<typeof servedAd>;

/** 200 with the ad, or 204 (no body) when nothing may be shown: "no fill". */
export const serveAdContract = publicApi.get('/api/sdk/v1/ads', serveRequest, servedAd);

const trackRequest = z.object({ token: z.string().min(1, 'is required').max(1000) });
export const trackImpressionContract = publicApi.post(
  '/api/sdk/v1/ads/impression',
  trackRequest,
  z.object({ counted: z.literal(true) }),
  { maxBody: 2048 },
);
export const trackClickContract = publicApi.post(
  '/api/sdk/v1/ads/click',
  trackRequest,
  z.object({ counted: z.literal(true), storeUrl: z.string() }),
  { maxBody: 2048 },
);

// Studio defaults (Setting) ------------------------------------------------------------------------------

/** One creative line as the campaign form writes it, or empty: none. */
const fallbackCreativeInput = z
  .string({ error: 'must be text' })
  .trim()
  .max(2100, 'must be at most 2100 characters')
  .transform((line, ctx) => {
    if (line === '') return '';
    const m = creativeLine.exec(line);
    const parsed = m ? creative.safeParse({ format: m[1]!.toLowerCase(), width: Number(m[2]), height: Number(m[3]), url: m[4] }) : null;
    if (!parsed?.success) {
      ctx.addIssue({ code: 'custom', message: parsed ? parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ') : 'write "<format> <width>x<height> <url>", e.g. "banner 320x50 https://cdn.example.com/b.png"' });
      return z.NEVER;
    }
    return creativesToText([parsed.data]);
  });

export const settingsInput = z.object({
  /** Ads a player a day for campaigns that set no frequency cap of their own; empty: none. */
  frequencyCap: optionalCount.default(null),
  /** Shown when no campaign fills a request of its format (not tracked: it is nobody's campaign). */
  fallbackCreative: fallbackCreativeInput.default(''),
  attributionWindowDays: z
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(MAX_ATTRIBUTION_DAYS, `must be at most ${MAX_ATTRIBUTION_DAYS} days`),
  /** Whether a new campaign's form starts with pacing on. */
  pacing: z.boolean().default(false),
  /** USD an install is worth when the advertised app bought no installs on paid channels that month. */
  valuePerInstall: z
    .number({ error: 'must be an amount in USD, e.g. 0.50' })
    .min(0, 'must not be negative')
    .max(MAX_VALUE_PER_INSTALL, `must be at most ${MAX_VALUE_PER_INSTALL} USD`)
    .default(0.5),
});
export type SettingsInput = z.output<typeof settingsInput>;

export const settingsRow = z.object({
  /** The one row's key (the list shows one line). */
  id: z.literal('studio'),
  frequencyCap: z.number().int().nullable(),
  fallbackCreative: z.string(),
  attributionWindowDays: z.number().int(),
  pacing: z.boolean(),
  valuePerInstall: z.number(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type SettingsRow = z.infer<typeof settingsRow>;

const SETTING = '/ads_in_house/setting';

export const settingsListContract = contractsFor({ route: SETTING }).get('/api/ads_in_house/setting', z.object({}), z.array(settingsRow));

export const settingsSaveContract = contractsFor({ route: SETTING, actions: ['campaign_edit'] }).post(
  '/api/ads_in_house/setting/save',
  settingsInput,
  settingsRow,
  { maxBody: 4096 },
);
