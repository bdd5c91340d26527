import { OS_NAMES, PLATFORM_CHOICES } from '../platform';
import { addDays, reportDay } from '../time/day';
import { formatUsd } from '../reports/columns';
import { defineResource, ofEditedRow, toastsOf, type ResourceOption } from '../resources/define';
import { nowMs } from '../time/clock';
import {
  AD_FORMATS,
  AUDIENCES,
  CAMPAIGN_STATUSES,
  campaignListContract,
  campaignSaveContract,
  campaignStatusContract,
  publisherListContract,
  publisherSaveContract,
  publisherUnpublishContract,
  settingsListContract,
  settingsSaveContract,
  MAX_ATTRIBUTION_DAYS,
  unpublishedListContract,
  type CampaignRow,
} from './contract';
import { formatCount } from '../numbers';

/**
 * In-house ads as list-and-form screens (src/lib/resources/define.ts): campaigns, published and unpublished
 * apps. Shared by browser and server.
 */

/** What the campaign form offers: the studio's apps (advertised) and the published ones (targeting). */
export interface CampaignContext {
  apps: { id: string; name: string }[];
  publishers: { id: string; name: string }[];
  /** The studio defaults a new campaign starts from (Setting). */
  defaults?: { pacing: boolean };
}

const appOptions = (list: { id: string; name: string }[] | undefined): ResourceOption[] => (list ?? []).map((a) => ({ label: a.name, value: a.id }));
const statusSeverity = (s: string) => (s === 'running' ? 'success' : s === 'paused' ? 'warning' : s === 'draft' ? 'info' : 'secondary');
const pct = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(2)}%` : '—');
const cap = (v: number | null) => (v === null ? '∞' : formatCount(v));

/**
 * The caps a new campaign is offered (docs/decisions.md "House-ad caps"): a daily ceiling that keeps one
 * campaign from taking every slot of a day, and a few ads a player a day, so nobody sees the same ad all day.
 */
export const NEW_CAMPAIGN_CAPS = { dailyCap: 10_000, frequencyCap: 3 } as const;

const STATUS_WORDS: Record<(typeof CAMPAIGN_STATUSES)[number], string> = { draft: 'Draft (not served)', running: 'Running (served)', paused: 'Paused', ended: 'Ended' };

export const campaignsResource = defineResource({
  id: 'house-campaigns',
  singular: 'campaign',
  contracts: { list: campaignListContract, save: campaignSaveContract },
  rowLabel: (r) => r.name,
  search: 'client',
  // Each figure matters and the list is short: one card a campaign on a phone.
  phone: { layout: 'stack' },
  columns: [
    { key: 'name', label: 'Campaign', sortable: true, hint: (r) => `#${r.id} · ${r.creativeList.map((c) => c.format).join(', ')}` },
    { key: 'advertisedApp', label: 'Advertised app', value: (r, ctx: CampaignContext) => ctx.apps?.find((a) => a.id === r.advertisedApp)?.name ?? r.advertisedApp },
    { key: 'status', label: 'Status', show: 'status', severity: statusSeverity },
    { key: 'schedule', label: 'Schedule', value: (r) => `${r.startDay.split('-').reverse().join('-')} → ${r.endDay.split('-').reverse().join('-')}` },
    { key: 'caps', label: 'Served / caps', value: (r) => `${formatCount(r.servedTotal)} / ${cap(r.totalCap)}`, hint: (r) => `daily ${cap(r.dailyCap)}${r.pacing ? ' paced' : ''} · ${cap(r.frequencyCap)} a player a day` },
    { key: 'impressions', label: 'Impressions' },
    { key: 'clicks', label: 'Clicks', hint: (r) => `CTR ${pct(r.clicks, r.impressions)}` },
    { key: 'installs', label: 'Installs', hint: (r) => `CVR ${pct(r.installs, r.clicks)}` },
  ],
  form: [
    { key: 'name', label: 'Name', input: 'text' },
    { key: 'advertisedApp', label: 'Advertised app', input: 'app', options: (ctx: CampaignContext) => appOptions(ctx.apps) },
    { key: 'storeLinks.android', label: 'Store link (Android)', input: 'text', placeholder: 'https://play.google.com/store/apps/details?id=…' },
    { key: 'storeLinks.ios', label: `Store link (${OS_NAMES[2]})`, input: 'text', placeholder: 'https://apps.apple.com/app/id…' },
    { key: 'storeLinks.webgl', label: 'Store link (WebGL)', input: 'text', placeholder: 'https://…' },
    { key: 'creatives', label: 'Creatives', input: 'creatives', help: `Format (${AD_FORMATS.join(', ')}), size and an image or video URL (http/https); the preview keeps the size's proportions.` },
    { key: 'targeting.publisherApps', label: 'Publisher apps', input: 'multi', options: (ctx: CampaignContext) => appOptions(ctx.publishers), placeholder: 'Every published app', help: 'Only published apps show house ads.' },
    { key: 'targeting.os', label: 'Platforms', input: 'multi', options: PLATFORM_CHOICES, placeholder: 'Every platform' },
    { key: 'targeting.countries', label: 'Countries', input: 'chips', placeholder: 'VN, US … (empty: everywhere)' },
    { key: 'targeting.versions', label: 'App versions', input: 'chips', placeholder: 'empty: every version' },
    { key: 'targeting.audience', label: 'Players', input: 'select', options: AUDIENCES.map((a) => ({ label: a === 'all' ? 'New and returning' : a === 'new' ? 'New (created today)' : 'Returning', value: a })) },
    { key: 'startDay', label: 'Start day', input: 'date' },
    { key: 'endDay', label: 'End day', input: 'date', help: 'Served until the end of this day (UTC+7).' },
    { key: 'totalCap', label: 'Total impression cap', input: 'number', placeholder: 'no cap' },
    { key: 'dailyCap', label: 'Daily impression cap', input: 'number', placeholder: 'no cap', help: `A new campaign starts at ${NEW_CAMPAIGN_CAPS.dailyCap.toLocaleString('en-US')}; empty: no cap.` },
    { key: 'pacing', label: 'Spread the daily cap evenly over the day', input: 'switch' },
    { key: 'frequencyCap', label: 'Ads a player a day', input: 'number', placeholder: 'no cap', help: `A new campaign starts at ${NEW_CAMPAIGN_CAPS.frequencyCap}; empty: no cap.` },
    { key: 'weight', label: 'Weight', input: 'number', help: 'Among campaigns of the same priority, served in proportion to weight.' },
    { key: 'priority', label: 'Priority (0–10)', input: 'number', help: 'Higher priorities are served first.' },
    { key: 'status', label: 'Status', input: 'select', options: CAMPAIGN_STATUSES.map((s) => ({ label: STATUS_WORDS[s], value: s })), help: 'Running: served from the start day; draft: saved, not served until run.' },
  ],
  // A new campaign runs from today (the console's clock, UTC+7) for 30 days unless changed.
  initial: (ctx: CampaignContext) => ({ ...NEW_CAMPAIGN_CAPS, creatives: [{ format: 'banner', width: 320, height: 50, url: '' }], startDay: reportDay(nowMs()), endDay: addDays(reportDay(nowMs()), 30), 'storeLinks.android': '', 'storeLinks.ios': '', 'storeLinks.webgl': '', 'targeting.audience': 'all', 'targeting.publisherApps': [], 'targeting.os': [], 'targeting.countries': [], 'targeting.versions': [], weight: 1, priority: 0, pacing: ctx?.defaults?.pacing ?? false, status: 'draft' }),
  fixed: ofEditedRow('id'),
  createLabel: 'Create campaign',
  editable: (r) => r.status !== 'ended',
  toasts: toastsOf('Campaign'),
  empty: 'No campaign yet.',
  rowActions: [
    {
      id: 'pause',
      label: (r: CampaignRow) => (r.status === 'running' ? 'Pause' : 'Run'),
      name: (r: CampaignRow) => `${r.status === 'running' ? 'Pause' : 'Run'} ${r.name}`,
      icon: (r: CampaignRow) => (r.status === 'running' ? 'pi pi-pause' : 'pi pi-play'),
      compact: true,
      contract: campaignStatusContract,
      input: (r: CampaignRow) => ({ id: r.id, status: r.status === 'running' ? 'paused' : 'running' }),
      hidden: (r: CampaignRow) => r.status === 'ended',
      done: (r: CampaignRow) => ({ severity: 'success', text: r.status === 'running' ? `Campaign ${r.name} paused` : `Campaign ${r.name} running` }),
    },
    {
      id: 'end',
      label: 'End',
      name: (r: CampaignRow) => `End ${r.name}`,
      icon: 'pi pi-stop-circle',
      severity: () => 'danger',
      compact: true,
      contract: campaignStatusContract,
      input: (r: CampaignRow) => ({ id: r.id, status: 'ended' }),
      hidden: (r: CampaignRow) => r.status === 'ended',
      confirm: { header: 'End campaign', message: (r: CampaignRow) => `End ${r.name}? An ended campaign is never served again.` },
      done: (r: CampaignRow) => ({ severity: 'success', text: `Campaign ${r.name} ended` }),
    },
  ],
  idPrefix: 'hac',
});

/** What the publish form offers: the studio's apps. */
export interface PublisherContext {
  apps: { id: string; name: string }[];
}

const publisherColumns = [
  { key: 'name', label: 'App', sortable: true, hint: (r: { appId: string }) => r.appId },
  { key: 'placements', label: 'Placements', show: 'list' as const },
  { key: 'updatedAt', label: 'Changed (UTC+7)', show: 'dateTime' as const },
];

const placementsField = { key: 'placements', label: 'Placements', input: 'chips', placeholder: 'main, level_end …', help: 'The names the game asks ads for.' } as const;

/** What the published and unpublished lists share: one row per app, saved by the same publish call. */
const publisherList = {
  rowKey: (r: { appId: string }) => r.appId,
  rowLabel: (r: { name: string }) => r.name,
  search: 'client' as const,
  columns: publisherColumns,
};

export const publishersResource = defineResource({
  id: 'house-publishers',
  singular: 'published app',
  contracts: { list: publisherListContract, save: publisherSaveContract },
  ...publisherList,
  form: [{ key: 'appId', label: 'App', input: 'select', options: (ctx: PublisherContext) => appOptions(ctx.apps), createOnly: true }, placementsField],
  initial: () => ({ placements: ['main'] }),
  fixed: ofEditedRow('appId'),
  createLabel: 'Publish app',
  editTitle: (r) => `Placements — ${r.name}`,
  toasts: { created: (r) => `${r.name} shows house ads`, saved: (r) => `${r.name} saved` },
  empty: 'No app shows house ads yet.',
  rowActions: [
    {
      id: 'unpublish',
      label: 'Unpublish',
      name: (r) => `Unpublish ${r.name}`,
      icon: 'pi pi-eye-slash',
      severity: () => 'danger',
      compact: true,
      contract: publisherUnpublishContract,
      input: (r) => ({ appId: r.appId }),
      confirm: { header: 'Unpublish app', message: (r) => `Stop showing house ads in ${r.name}? Serving stops at once.` },
      done: (r) => ({ severity: 'success', text: `${r.name} no longer shows house ads` }),
    },
  ],
  idPrefix: 'hap',
});

export const unpublishedResource = defineResource({
  id: 'house-unpublished',
  singular: 'app',
  contracts: { list: unpublishedListContract, save: publisherSaveContract },
  ...publisherList,
  form: [placementsField],
  fixed: (_ctx, row) => ({ appId: row?.appId }),
  create: false,
  editTitle: (r) => `Publish ${r.name}`,
  toasts: { saved: (r) => `${r.name} shows house ads` },
  empty: 'Every app shows house ads.',
  idPrefix: 'hau',
});

/** The studio's defaults: one row, edited in place (no create, no delete). */
export const settingsResource = defineResource({
  id: 'house-settings',
  singular: 'setting',
  contracts: { list: settingsListContract, save: settingsSaveContract },
  rowLabel: () => 'studio defaults',
  columns: [
    { key: 'frequencyCap', label: 'Ads a player a day', value: (r) => cap(r.frequencyCap), hint: () => 'for campaigns without their own cap' },
    { key: 'fallbackCreative', label: 'Fallback creative', value: (r) => r.fallbackCreative || 'none (no fill)' },
    { key: 'attributionWindowDays', label: 'Attribution window', value: (r) => `${r.attributionWindowDays} day${r.attributionWindowDays === 1 ? '' : 's'}` },
    { key: 'pacing', label: 'New campaigns paced', value: (r) => (r.pacing ? 'Yes' : 'No') },
    { key: 'valuePerInstall', label: 'Value per install', value: (r) => formatUsd(r.valuePerInstall, 2), hint: () => 'when the app bought no paid installs that month' },
    { key: 'updatedAt', label: 'Changed (UTC+7)', show: 'dateTime', hint: (r) => (r.updatedBy ? `by ${r.updatedBy}` : '') },
  ],
  form: [
    { key: 'frequencyCap', label: 'Ads a player a day', input: 'number', placeholder: 'no cap', help: 'Used by campaigns that set no frequency cap of their own.' },
    { key: 'fallbackCreative', label: 'Fallback creative', input: 'text', placeholder: 'banner 320x50 https://cdn.example.com/house.png', help: 'Shown when no campaign fills a request of its format; empty: answer no fill.' },
    { key: 'attributionWindowDays', label: 'Attribution window (days)', input: 'number', help: `An install is credited to the last click this many days before it (1–${MAX_ATTRIBUTION_DAYS}).` },
    { key: 'pacing', label: 'New campaigns spread their daily cap over the day', input: 'switch' },
    {
      key: 'valuePerInstall',
      label: 'Value per install (USD)',
      input: 'number',
      help: "A house-ad install is worth what the advertised app paid per install on paid channels that month; this when it bought none.",
    },
  ],
  create: false,
  editTitle: () => 'House-ads defaults',
  toasts: { saved: () => 'House-ads settings saved' },
  empty: 'No settings.',
  idPrefix: 'has',
});

export const houseAdResources = [campaignsResource, publishersResource, unpublishedResource, settingsResource];
