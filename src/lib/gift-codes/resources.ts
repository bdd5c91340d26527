import { OS_NAMES, type OsCode } from '../platform';
import { rewardsToText } from '../mail/rewards-text';
import { appColumn, appField, appFilter, appName, platformOptions, type AppsContext } from '../resources/app-fields';
import { defineResource } from '../resources/define';
import {
  campaignActiveContract,
  campaignCodesContract,
  campaignCreateContract,
  campaignListContract,
  codesExportContract,
  REDEEM_RESULTS,
  RESULT_LABELS,
  usedLogsContract,
  usedLogsExportContract,
} from './contract';

/**
 * The gift code screens as resources (src/lib/resources/define.ts): campaigns (create, deactivate, the codes
 * and their export) and the used logs (filters, export). Shared by browser and server.
 */

const statusSeverity = (s: string) => (s === 'running' || s === 'sent' || s === 'ok' ? 'success' : s === 'scheduled' ? 'info' : s === 'used up' || s === 'expired' ? 'warning' : 'danger');

export interface CodesContext {
  id: number;
  name: string;
  count: number;
}

export const giftCodesOfCampaignResource = defineResource({
  id: 'gift-codes-of-campaign',
  singular: 'code',
  contracts: { list: campaignCodesContract },
  rowKey: (r) => r.code,
  rowLabel: (r) => r.code,
  listInput: (ctx: CodesContext) => ({ id: ctx.id }),
  columns: [
    { key: 'code', label: 'Code', show: 'code' },
    { key: 'uses', label: 'Uses' },
  ],
  empty: 'No code.',
  note: (ctx) => ({
    text: `The first ${Math.min(200, ctx.count)} of ${ctx.count} codes. Every look and download is recorded in the account log.`,
    link: { label: 'Download all codes (CSV)', href: `${codesExportContract.path}?id=${ctx.id}` },
  }),
  search: 'client',
});

export const giftCampaignsResource = defineResource({
  id: 'gift-campaigns',
  singular: 'campaign',
  plural: 'gift code campaigns',
  contracts: { list: campaignListContract, save: campaignCreateContract },
  rowLabel: (r) => r.name,
  listInput: (_ctx: AppsContext, { filter }) => ({ appId: filter ?? undefined }),
  columns: [
    { key: 'name', label: 'Campaign', hint: (r, ctx) => appName(ctx, r.appId) },
    { key: 'code', label: 'Code', show: 'code', value: (r) => (r.kind === 'keyword' ? r.code : `${r.codeCount} × ${r.code || ''}…`) },
    { key: 'rewards', label: 'Rewards', value: (r) => rewardsToText(r.rewards) },
    { key: 'redeemed', label: 'Redeemed', value: (r) => `${r.redeemed}${r.totalLimit ? ` / ${r.totalLimit}` : r.kind === 'generated' ? ` / ${r.codeCount}` : ''}`, hint: (r) => `${r.perPlayerLimit} per player` },
    {
      key: 'wrongGuesses',
      label: 'Wrong guesses (1 h / 24 h)',
      value: (r) => (r.wrongGuesses ? `${r.wrongGuesses.lastHour} / ${r.wrongGuesses.lastDay}` : ''),
      hint: (r) => (r.wrongGuesses ? 'Wrong codes tried in this app: a keyword can be guessed' : ''),
    },
    { key: 'startsAt', label: 'Starts (UTC+7)', show: 'dateTime' },
    { key: 'expiresAt', label: 'Expires (UTC+7)', show: 'dateTime' },
    { key: 'limits', label: 'For', value: (r) => [r.os.map((o) => OS_NAMES[o as OsCode]).join('/'), r.countries.join(', ')].filter(Boolean).join(' · ') || 'Everyone' },
    { key: 'status', label: 'Status', show: 'status', severity: statusSeverity },
  ],
  form: [
    appField,
    { key: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Outage compensation 23-11' },
    { key: 'kind', label: 'Codes', input: 'select', options: [{ label: 'Generated unique codes', value: 'generated' }, { label: 'One keyword code', value: 'keyword' }] },
    { key: 'count', label: 'How many codes', input: 'number', disabledWhen: (v) => v.kind !== 'generated' },
    { key: 'code', label: 'Prefix or keyword', input: 'text', placeholder: 'Prefix (optional) or the keyword', help: 'Generated: an optional prefix of up to 8 characters. Keyword: the code players type (4–20 letters or digits).' },
    { key: 'rewards', label: 'Rewards', input: 'rewards', help: "Items of the app's item list (App Manager → Items) and amounts." },
    { key: 'startsAt', label: 'Starts', input: 'dateTime', placeholder: 'Empty = now' },
    { key: 'expiresAt', label: 'Expires', input: 'dateTime' },
    { key: 'totalLimit', label: 'Total redemptions', input: 'number', help: 'Empty: as many as there are codes (generated) or no limit (keyword).' },
    { key: 'perPlayerLimit', label: 'Per player', input: 'number' },
    { key: 'os', label: 'Platforms', input: 'multi', options: platformOptions, placeholder: 'All platforms' },
    { key: 'countries', label: 'Countries', input: 'chips', placeholder: 'e.g. VN, TH (empty = all)' },
  ],
  initial: () => ({ name: '', kind: 'generated', count: 100, code: '', rewards: [{ itemId: '', amount: 1 }], startsAt: '', expiresAt: '', totalLimit: null, perPlayerLimit: 1, os: [], countries: [] }),
  // A campaign is created, then deactivated or exported; its codes are not edited after players got them.
  editable: () => false,
  createLabel: 'New campaign',
  toasts: { created: (r) => `Campaign ${r.name} created` },
  empty: 'No gift code campaign yet.',
  search: { param: 'textSearch' },
  filter: appFilter,
  pageSize: 20,
  rowActions: [
    {
      id: 'active',
      label: (r) => (r.active ? 'Deactivate' : 'Activate'),
      icon: (r) => (r.active ? 'pi pi-ban' : 'pi pi-check'),
      severity: (r) => (r.active ? 'danger' : 'success'),
      compact: true,
      contract: campaignActiveContract,
      input: (r) => ({ id: r.id, active: !r.active }),
      confirm: { header: 'Deactivate campaign', message: (r) => (r.active ? `Deactivate ${r.name}? Its codes stop working at once.` : `Activate ${r.name} again?`) },
      done: (r) => ({ severity: 'success', text: r.active ? `Campaign ${r.name} deactivated` : `Campaign ${r.name} activated` }),
    },
  ],
  drill: { label: (r) => `Codes of ${r.name}`, icon: 'pi pi-list', tooltip: 'Codes', title: (r) => `Codes — ${r.name}`, resource: () => giftCodesOfCampaignResource, context: (r) => ({ id: r.id, name: r.name, count: r.codeCount }) },
  idPrefix: 'gc',
});

export const giftUsedLogsResource = defineResource({
  id: 'gift-used-logs',
  singular: 'redemption',
  contracts: { list: usedLogsContract },
  rowLabel: (r) => `${r.code} by ${r.playerId}`,
  listInput: (_ctx: AppsContext, { filter }) => ({ result: (filter ?? undefined) as (typeof REDEEM_RESULTS)[number] | undefined }),
  columns: [
    { key: 'at', label: 'Time (UTC+7)', show: 'dateTime' },
    appColumn,
    { key: 'playerId', label: 'Player', show: 'code', hint: (r) => r.deviceId },
    { key: 'code', label: 'Code', show: 'code' },
    { key: 'campaign', label: 'Campaign' },
    { key: 'result', label: 'Result', show: 'status', value: (r) => RESULT_LABELS[r.result], severity: statusSeverity },
    { key: 'mailId', label: 'Mail', value: (r) => (r.mailId ? `#${r.mailId}` : '') },
  ],
  empty: 'No redemption yet.',
  note: () => ({ text: 'Every redemption attempt by the games, newest first; search by code, player id or campaign.', link: { label: 'Export CSV', href: usedLogsExportContract.path } }),
  search: { param: 'textSearch' },
  filter: { label: 'Result', placeholder: 'All results', options: () => REDEEM_RESULTS.map((r) => ({ label: RESULT_LABELS[r], value: r })) },
  pageSize: 20,
});

export const giftResources = [giftCampaignsResource, giftCodesOfCampaignResource, giftUsedLogsResource];
