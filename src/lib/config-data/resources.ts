import { appName, appOptions } from '../resources/app-fields';
import { defineResource, ofEditedRow, type ResourceField, type ResourceOption } from '../resources/define';
import { configContracts, deleteTeamContract, listTeamsContract, saveTeamContract, type ConfigItem } from './contract';
import { CONFIG_KINDS, configKinds, type ConfigKind } from './kinds';
import { testAlertRuleContract, type RuleCheckAnswer } from '../alerts/contract';
import { CONFIG_PURPOSE } from './purpose';

/**
 * Configuration data (one resource per kind: they differ only by schema, scope and form) and teams, as
 * resources (src/lib/resources/define.ts). Shared by browser and server.
 */

/** What the config screens offer in their selects: the apps the viewer sees and the teams. */
export interface ConfigContext {
  apps: { id: string; name: string }[];
  teams: string[];
  /** When the configuration last acted ("Dropped 1,204 events today…"), over the viewer's apps; see ./activity.ts. */
  activity?: string | null;
}

/** How each kind's data is edited; keys are the save request's `data.<field>`. */
const FORMS: Record<ConfigKind, ResourceField<ConfigContext>[]> = {
  iap_config: [
    { key: 'data.productId', label: 'Product id', input: 'text' },
    { key: 'data.type', label: 'Type', input: 'select', options: ['consumable', 'non-consumable', 'subscription'].map((v) => ({ label: v, value: v })) },
    { key: 'data.price', label: 'Price', input: 'text', placeholder: '4.99' },
    { key: 'data.currency', label: 'Currency', input: 'text', placeholder: 'USD' },
    { key: 'data.reward', label: 'Reward', input: 'text', placeholder: 'coin:100, gem:5', help: 'Items of the app (App Manager → Items) mailed to the player once per verified purchase; empty for none.' },
  ],
  tracking_config: [
    { key: 'data.eventName', label: 'Event name', input: 'text' },
    { key: 'data.parameters', label: 'Parameters', input: 'pairs', pairOptions: ['string', 'int', 'float', 'bool'] },
    { key: 'data.enabled', label: 'Enabled', input: 'checkbox' },
  ],
  event: [
    { key: 'data.name', label: 'Name', input: 'text' },
    { key: 'data.description', label: 'Description', input: 'text' },
    { key: 'data.parameters', label: 'Parameters', input: 'pairs', pairOptions: ['string', 'int', 'float', 'bool'] },
  ],
  ga_service_account: [
    { key: 'data.label', label: 'Label', input: 'text' },
    { key: 'data.serviceAccountJson', label: 'Key file (JSON)', input: 'textarea', placeholder: 'Paste the service account key file; leave empty to keep the stored key', omitEmpty: true },
  ],
  alert_iaa: [
    { key: 'data.name', label: 'Rule name', input: 'text' },
    { key: 'data.comparedTo', label: 'Compared to', input: 'select', options: ['previous_day', 'same_day_last_week', 'average_7_days'].map((v) => ({ label: v, value: v })) },
    { key: 'data.dropPercent', label: 'Drop % to alert', input: 'number' },
    { key: 'data.minRevenueUsd', label: 'Minimum revenue (USD)', input: 'number' },
    { key: 'data.source', label: 'Revenue watched', input: 'select', options: [{ label: 'SDK ad revenue (game events)', value: 'sdk' }, { label: 'Finance ad revenue (network reports)', value: 'finance' }] },
    { key: 'data.recipients', label: 'Recipients', input: 'chips', placeholder: 'usernames or e-mails, comma separated', help: 'E-mail addresses are mailed; every account that may see the app sees the alert in the console.' },
    { key: 'data.webhookUrl', label: 'Webhook URL (optional)', input: 'text', placeholder: 'https://hooks.slack.com/services/…; leave empty to keep the stored one', omitEmpty: true },
    { key: 'data.removeWebhook', label: 'Remove the webhook', input: 'checkbox' },
    { key: 'data.enabled', label: 'Enabled', input: 'checkbox' },
  ],
};

const DEFAULTS: Record<ConfigKind, Record<string, unknown>> = {
  iap_config: { 'data.type': 'consumable', 'data.currency': 'USD' },
  tracking_config: { 'data.parameters': [], 'data.enabled': true },
  event: { 'data.parameters': [] },
  ga_service_account: {},
  alert_iaa: { 'data.source': 'sdk', 'data.removeWebhook': false, 'data.comparedTo': 'previous_day', 'data.dropPercent': 30, 'data.minRevenueUsd': 0, 'data.recipients': [], 'data.enabled': true },
};

/** Column headings of stored fields the form does not ask (the GA key file's clear parts). */
const STORED_LABELS: Record<string, string> = { clientEmail: 'Client e-mail', projectId: 'Project', keyId: 'Key id', webhook: 'Webhook' };

function scopeOptions(kind: ConfigKind, ctx: ConfigContext): ResourceOption[] {
  const mode = configKinds[kind].scope;
  if (mode === 'app') return appOptions(ctx);
  if (mode === 'app-or-team') return [...ctx.teams.map((t) => ({ label: `Team: ${t}`, value: `team:${t}` })), ...ctx.apps.map((a) => ({ label: `App: ${a.name}`, value: `app:${a.id}` }))];
  return [];
}

function configResource(kind: ConfigKind) {
  const def = configKinds[kind];
  const scoped = def.scope !== 'none';
  const scopeLabel = def.scope === 'app' ? 'App' : 'Scope';
  const form = FORMS[kind];
  const labelOf = (field: string) => form.find((f) => f.key === `data.${field}`)?.label ?? STORED_LABELS[field] ?? field;
  const contracts = configContracts[kind];
  return defineResource({
    id: `config-${kind}`,
    singular: def.title,
    plural: `${def.title} items`,
    contracts: { list: contracts.list, save: contracts.save, remove: contracts.remove },
    rowLabel: (r) => r.key,
    listInput: (_ctx: ConfigContext, { filter }) => ({ scope: filter ?? undefined }),
    columns: [
      ...(scoped ? [{ key: 'scope', label: scopeLabel, value: (r: ConfigItem, ctx: ConfigContext) => scopeOptions(kind, ctx).find((o) => o.value === r.scope)?.label ?? r.scope }] : []),
      ...def.columns.map((c) => ({ key: `data.${c}`, label: labelOf(c), show: c === 'parameters' || c === 'recipients' ? ('list' as const) : c === 'enabled' ? ('boolean' as const) : ('text' as const) })),
      ...(kind === 'alert_iaa' ? [{ key: 'activity', label: 'Last acted', value: (r: ConfigItem) => r.activity ?? 'never yet' }] : []),
      { key: 'updatedAt', label: 'Updated (UTC+7)', show: 'dateTime', hint: (r) => r.updatedBy },
    ],
    form: [...(scoped ? [{ key: 'scope', label: scopeLabel, input: 'select' as const, options: (ctx: ConfigContext) => scopeOptions(kind, ctx) }] : []), ...form],
    initial: () => DEFAULTS[kind],
    fixed: ofEditedRow('id'),
    createLabel: 'Add',
    confirm: { message: (r) => `Delete ${r.key}?` },
    toasts: { saved: () => 'update successfully !', removed: () => 'Deleted' },
    empty: `No ${def.title} yet.`,
    search: { param: 'textSearch' },
    filter: scoped ? { label: 'Filter by scope', placeholder: def.scope === 'app' ? 'All apps' : 'All apps and teams', options: (ctx) => scopeOptions(kind, ctx) } : undefined,
    idPrefix: 'cfg',
    note: CONFIG_PURPOSE[kind]
      ? (ctx: ConfigContext) => ({
          text: [CONFIG_PURPOSE[kind], ctx.activity].filter(Boolean).join(' '),
          link: kind === 'iap_config' ? { label: 'IAP log', href: '/statistic/iapLog' } : { label: 'Tracking plan view', href: '/adminAccount/check_sdk?tab=plan' },
        })
      : undefined,
    // Alert IAA says what its rules do (and links to the alerts list) and adds each rule's test.
    ...(kind === 'alert_iaa' ? alertExtras : {}),
  });
}

/** What the Alert IAA screen adds: what a rule does, and its test (src/lib/alerts/). */
const alertExtras = {
  note: () => ({
    text:
      'Each rule watches its app\'s ad revenue of yesterday (UTC+7) against the chosen baseline, after every analytics rollup and finance refresh and every 5 minutes: ' +
      'a drop of at least the threshold, on a baseline of at least the minimum revenue, fires once per app, day and rule — in the console\'s alerts (the bell), ' +
      'by e-mail to the recipients\' addresses and to the webhook — and "back to normal" follows when the drop ends. "Test" shows what a rule would say now without sending anything.',
    link: { label: 'All alerts', href: '/alerts/index' },
  }),
  rowActions: [
    {
      id: 'test-alert',
      label: 'Test',
      icon: 'pi pi-bolt',
      compact: true,
      name: (r: ConfigItem) => `Test this alert ${r.key}`,
      contract: testAlertRuleContract,
      input: (r: ConfigItem) => ({ id: r.id }),
      reads: true,
      done: (_r: ConfigItem, data: unknown) => {
        const answer = data as RuleCheckAnswer;
        return { severity: 'info' as const, text: answer.reason, document: answer.document };
      },
    },
  ],
};

export const configResources = Object.fromEntries(CONFIG_KINDS.map((k) => [k, configResource(k)])) as Record<ConfigKind, ReturnType<typeof configResource>>;

/** What the team form offers: the active accounts and the visible apps. */
export interface TeamContext {
  accounts: { username: string; name: string }[];
  apps: { id: string; name: string }[];
}

export const teamsResource = defineResource({
  id: 'teams',
  singular: 'team',
  contracts: { list: listTeamsContract, save: saveTeamContract, remove: deleteTeamContract },
  rowLabel: (r) => r.name,
  columns: [
    { key: 'name', label: 'Team', sortable: true },
    { key: 'description', label: 'Description' },
    { key: 'members', label: 'Members', show: 'list' },
    { key: 'apps', label: 'Apps', show: 'list', value: (t, ctx: TeamContext) => t.apps.map((id) => appName(ctx, id)) },
  ],
  form: [
    { key: 'name', label: 'Name', input: 'text' },
    { key: 'description', label: 'Description', input: 'text' },
    { key: 'members', label: 'Members', input: 'multi', options: (ctx) => ctx.accounts.map((a) => ({ label: `${a.username} (${a.name})`, value: a.username })) },
    { key: 'apps', label: 'Apps', input: 'multi', options: appOptions },
  ],
  initial: () => ({ name: '', description: '', members: [], apps: [] }),
  fixed: ofEditedRow('id'),
  createLabel: 'Add team',
  confirm: { header: () => 'Delete team', message: (t) => `Delete the team ${t.name}? Its apps keep existing without a team.` },
  toasts: { saved: () => 'update successfully !', removed: () => 'Team deleted' },
  empty: 'No team yet.',
  search: 'client',
  idPrefix: 'team',
});
