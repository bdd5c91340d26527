import { appField, appFilter, appName, platformOptions, type AppsContext } from '../resources/app-fields';
import { defineResource } from '../resources/define';
import { mailListContract, mailRecallContract, mailSendContract } from './contract';
import { rewardsToText } from './rewards-text';

/** The Mail Box screen as a resource: the list with counts, the compose dialog and recall. Shared by browser and server. */

const severity = (s: string) => (s === 'sent' ? 'success' : s === 'scheduled' ? 'info' : s === 'expired' ? 'warning' : 'danger');
const broadcastOnly = (v: Record<string, unknown>) => v.target !== 'broadcast';

export const mailResource = defineResource({
  id: 'mail',
  singular: 'mail',
  contracts: { list: mailListContract, save: mailSendContract },
  route: '/games/mail/mailBox',
  serve: { list: 'listMails', save: 'sendMail' },
  rowLabel: (r) => `mail “${r.title}”`,
  listInput: (_ctx: AppsContext, { filter }) => ({ appId: filter ?? undefined }),
  columns: [
    { key: 'title', label: 'Title', hint: (r, ctx) => `${appName(ctx, r.appId)} · ${r.source === 'console' ? `by ${r.createdBy}` : r.sourceRef}` },
    { key: 'audience', label: 'To' },
    { key: 'rewards', label: 'Attachments', value: (r) => rewardsToText(r.rewards) || '—' },
    { key: 'sendAt', label: 'Send (UTC+7)', show: 'dateTime' },
    { key: 'expiresAt', label: 'Expires (UTC+7)', show: 'dateTime' },
    { key: 'targeted', label: 'Targeted' },
    { key: 'read', label: 'Read' },
    { key: 'claimed', label: 'Claimed' },
    { key: 'status', label: 'Status', show: 'status', severity },
  ],
  form: [
    appField,
    { key: 'title', label: 'Title', input: 'text' },
    { key: 'body', label: 'Message', input: 'textarea' },
    { key: 'rewards', label: 'Attachments', input: 'rewards', help: "Items of the app's item list (App Manager → Items) and amounts; none for a plain message." },
    { key: 'target', label: 'To', input: 'select', options: [{ label: 'Listed players', value: 'players' }, { label: 'All players matching filters', value: 'broadcast' }] },
    { key: 'playerIds', label: 'Player ids', input: 'textarea', placeholder: 'p_… one per line or separated by commas', disabledWhen: (v) => v.target !== 'players' },
    { key: 'os', label: 'Platforms', input: 'multi', options: platformOptions, placeholder: 'All platforms', disabledWhen: broadcastOnly },
    { key: 'countries', label: 'Countries', input: 'chips', placeholder: 'e.g. VN (empty = all)', disabledWhen: broadcastOnly },
    { key: 'versions', label: 'App versions', input: 'chips', placeholder: 'e.g. 1.10.0 (empty = all)', disabledWhen: broadcastOnly },
    { key: 'installedFrom', label: 'Installed from', input: 'date', disabledWhen: broadcastOnly },
    { key: 'installedTo', label: 'Installed to', input: 'date', disabledWhen: broadcastOnly },
    { key: 'sendAt', label: 'Send at', input: 'dateTime', placeholder: 'Empty = now' },
    { key: 'expiresAt', label: 'Expires', input: 'dateTime' },
  ],
  initial: () => ({ title: '', body: '', rewards: [], target: 'players', playerIds: '', os: [], countries: [], versions: [], sendAt: '', expiresAt: '' }),
  // Sent mail is not edited (players may have read it); recall it and send another.
  editable: () => false,
  createLabel: 'Compose mail',
  toasts: { created: (r) => (r.status === 'scheduled' ? `Mail “${r.title}” scheduled` : `Mail “${r.title}” sent to ${r.targeted} player${r.targeted === 1 ? '' : 's'}`) },
  empty: 'No mail yet.',
  search: { param: 'textSearch' },
  filter: appFilter,
  pageSize: 20,
  rowActions: [
    {
      id: 'recall',
      label: 'Recall',
      icon: 'pi pi-undo',
      severity: () => 'danger',
      compact: true,
      contract: mailRecallContract,
      input: (r) => ({ id: r.id }),
      confirm: { header: 'Recall mail', message: (r) => `Recall “${r.title}”? It disappears from every mailbox that has not claimed it.` },
      done: (r) => ({ severity: 'success', text: `Mail “${r.title}” recalled` }),
      hidden: (r) => r.status === 'recalled' || r.status === 'expired',
    },
  ],
  idPrefix: 'mail',
});
