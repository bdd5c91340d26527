import { formatDay } from '../time/format';
import { todayInReportZone } from '../ui/filters/date-range';
import { defineResource, type ResourceOption } from '../resources/define';
import {
  appVersionsContract,
  pTrackingActionContract,
  pTrackingDeleteContract,
  pTrackingListContract,
  publishDateActionContract,
  publishDateDeleteContract,
  publishDateListContract,
  versionActionContract,
  versionDeleteContract,
} from './contract';
import { OS_NAMES, type OsCode } from '../platform';
import { PTRACKING_PARTNERS } from './rules';
import { gameItemDeleteContract, gameItemSaveContract, gameItemsListContract, ITEM_KINDS } from '../rewards/contract';

/**
 * The App Manager's detail panels as resources (src/lib/resources/define.ts): publish dates, pTracking and
 * hand-entered versions of one app. Shared by browser and server.
 */

/** What a panel knows: the app it belongs to and its platforms. */
export interface AppPanelContext {
  appId: string;
  appName: string;
  os: readonly OsCode[];
}

/** An App Manager panel lists, and saves into, the app it is open for. */
export const ofPanelApp = (ctx: AppPanelContext) => ({ appId: ctx.appId });
/** The same, for panels whose rows have an id of their own: a saved row with one is edited in place. */
const ofPanelAppById = (ctx: AppPanelContext, row: { id: number } | null) => ({ ...ofPanelApp(ctx), ...(row ? { id: row.id } : {}) });

const platforms = (ctx: AppPanelContext): ResourceOption[] => ctx.os.map((os) => ({ label: OS_NAMES[os], value: os }));
const platformsOrAll = (ctx: AppPanelContext): ResourceOption[] => [{ label: 'All platforms', value: 0 }, ...platforms(ctx)];

export const publishDatesResource = defineResource({
  id: 'publish-dates',
  singular: 'publish date',
  contracts: { list: publishDateListContract, save: publishDateActionContract, remove: publishDateDeleteContract },
  rowLabel: (r) => `the publish date ${formatDay(r.date)}`,
  listInput: ofPanelApp,
  columns: [
    { key: 'date', label: 'Date', show: 'day', sortable: true },
    { key: 'os', label: 'Platform', show: 'os' },
    { key: 'version', label: 'Version' },
    { key: 'note', label: 'Note' },
    { key: 'createdBy', label: 'By' },
  ],
  form: [
    { key: 'date', label: 'Date', input: 'date' },
    { key: 'os', label: 'Platform', input: 'os', options: platformsOrAll },
    { key: 'version', label: 'Version', input: 'text', placeholder: 'e.g. 1.10.0' },
    { key: 'note', label: 'Note', input: 'text' },
  ],
  initial: () => ({ date: todayInReportZone(), os: 0, version: '', note: '' }),
  fixed: ofPanelAppById,
  createLabel: 'Add publish date',
  toasts: { created: () => 'Publish date added', saved: () => 'Publish date saved', removed: () => 'Publish date deleted' },
  empty: 'No publish date yet.',
  search: 'client',
  idPrefix: 'pd',
});

export const pTrackingResource = defineResource({
  id: 'ptracking',
  singular: 'partner',
  plural: 'pTracking partners',
  contracts: { list: pTrackingListContract, save: pTrackingActionContract, remove: pTrackingDeleteContract },
  rowLabel: (r) => r.partner,
  listInput: ofPanelApp,
  columns: [
    { key: 'os', label: 'Platform', show: 'os' },
    { key: 'partner', label: 'Partner', sortable: true },
    { key: 'trackingId', label: 'Tracking id', show: 'code' },
    { key: 'events', label: 'Events', show: 'list' },
    { key: 'enabled', label: 'State', show: 'boolean', yesNo: ['Enabled', 'Disabled'] },
  ],
  form: [
    { key: 'os', label: 'Platform', input: 'os', options: platformsOrAll },
    { key: 'partner', label: 'Partner', input: 'select', options: PTRACKING_PARTNERS.map((p) => ({ label: p, value: p })) },
    { key: 'trackingId', label: 'Tracking id', input: 'text', placeholder: 'Tracking id / dev key' },
    { key: 'events', label: 'Events', input: 'chips', placeholder: 'Events (Enter after each)' },
    { key: 'enabled', label: 'Enabled', input: 'checkbox' },
    { key: 'note', label: 'Note', input: 'text' },
  ],
  initial: () => ({ os: 0, partner: 'appsflyer', trackingId: '', events: [], enabled: true, note: '' }),
  fixed: ofPanelAppById,
  createLabel: 'Add partner',
  toasts: { saved: () => 'pTracking saved', removed: () => 'pTracking deleted' },
  empty: 'No partner configured.',
  idPrefix: 'pt',
});

export const versionsResource = defineResource({
  id: 'versions',
  singular: 'version',
  contracts: { list: appVersionsContract, save: versionActionContract, remove: versionDeleteContract },
  rowKey: (r) => `${r.os}-${r.version}`,
  rowLabel: (r) => `version ${r.version}`,
  listInput: ofPanelApp,
  columns: [
    { key: 'os', label: 'Platform', show: 'os' },
    { key: 'version', label: 'Version', sortable: true },
    { key: 'sdkVersion', label: 'SDK version', value: (r) => r.sdkVersion || 'unknown' },
    { key: 'source', label: 'Source', value: (r) => (r.source === 'sdk' ? 'SDK' : 'Manual') },
    { key: 'firstSeen', label: 'First seen (UTC+7)', show: 'dateTime' },
    { key: 'lastSeen', label: 'Last seen (UTC+7)', show: 'dateTime' },
  ],
  form: [
    { key: 'os', label: 'Platform', input: 'os', options: platforms, createOnly: true },
    { key: 'version', label: 'App version', input: 'text', placeholder: 'e.g. 1.10.0', createOnly: true },
    { key: 'sdkVersion', label: 'SDK version', input: 'text', placeholder: 'e.g. 3.6.0' },
  ],
  initial: (ctx) => ({ os: ctx.os[0], version: '', sdkVersion: '' }),
  fixed: ofPanelApp,
  removeInput: (r, ctx) => ({ appId: ctx.appId, os: r.os, version: r.version }),
  // Versions the SDK reported are facts, not settings.
  editable: (r) => r.source === 'manual',
  createLabel: 'Add version',
  confirm: { message: (r) => `Remove the hand-entered version ${r.version}? Versions the SDK reports come back on their own.` },
  toasts: { saved: (r) => `Version ${r.version} saved`, removed: (r) => `Version ${r.version} removed` },
  empty: 'No version known yet.',
  note: (ctx) => ({
    text: "Versions arrive with the SDK's events; add a version by hand for builds that do not report yet.",
    link: { label: 'SDK versions of every app', href: `/app_data/sdk_version?id=${encodeURIComponent(ctx.appId)}&value=${encodeURIComponent(ctx.appName)}` },
  }),
  search: 'client',
  idPrefix: 'ver',
});

/** The app's items: what gift codes, mail and event rewards may grant, and at most how many per grant. */
export const gameItemsResource = defineResource({
  id: 'game-items',
  singular: 'item',
  contracts: { list: gameItemsListContract, save: gameItemSaveContract, remove: gameItemDeleteContract },
  rowKey: (r) => r.itemId,
  rowLabel: (r) => r.itemId,
  listInput: ofPanelApp,
  columns: [
    { key: 'itemId', label: 'Item id', show: 'code', sortable: true },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'kind', label: 'Kind' },
    { key: 'maxAmount', label: 'Max per grant' },
  ],
  form: [
    { key: 'itemId', label: 'Item id', input: 'text', placeholder: 'e.g. coin', createOnly: true, help: 'The id the game knows the item by; rewards name it.' },
    { key: 'name', label: 'Name', input: 'text' },
    { key: 'kind', label: 'Kind', input: 'select', options: ITEM_KINDS.map((k) => ({ label: k, value: k })) },
    { key: 'maxAmount', label: 'Max per grant', input: 'number' },
  ],
  initial: () => ({ itemId: '', name: '', kind: 'consumable', maxAmount: 1000 }),
  fixed: ofPanelApp,
  removeInput: (r, ctx) => ({ appId: ctx.appId, itemId: r.itemId }),
  createLabel: 'Add item',
  toasts: { created: (r) => `Item ${r.itemId} added`, saved: (r) => `Item ${r.itemId} saved`, removed: (r) => `Item ${r.itemId} deleted` },
  empty: 'No item yet: gift codes and mail can grant only items listed here.',
  search: 'client',
  idPrefix: 'item',
});

export const appResources = [publishDatesResource, pTrackingResource, versionsResource, gameItemsResource];
