import { OS_NAMES, type OsCode } from '../platform';
import { appColumn, appField, platformOrAllOptions } from '../resources/app-fields';
import { defineResource, ofEditedRow } from '../resources/define';
import { formatDateTime } from '../time/format';
import { todayInReportZone } from '../ui/filters/date-range';
import { pushCancelContract, pushCreateContract, pushListContract, pushSettingsListContract, pushSettingsSaveContract, pushStatsContract, type Push } from './contract';

/**
 * The push screen as resources (src/lib/resources/define.ts): pushes of the apps the account sees with their
 * status and delivery stats, compose as the create dialog, Cancel as a row action and the stats as a drill.
 * Shared by browser and server.
 */

const statusSeverity = (s: string) => (s === 'sent' ? 'success' : s === 'sending' ? 'warning' : s === 'scheduled' ? 'info' : 'secondary');

const targetText = (p: Push) =>
  [
    p.target.os ? OS_NAMES[p.target.os as OsCode] : 'All platforms',
    p.target.countries.length ? p.target.countries.join(', ') : null,
    p.target.versions.length ? `v ${p.target.versions.join(', ')}` : null,
    p.target.lastSeenDays ? `seen ≤ ${p.target.lastSeenDays} d` : null,
    p.target.playerIds.length ? `${p.target.playerIds.length} player(s)` : null,
  ]
    .filter(Boolean)
    .join(' · ');

const scheduleText = (p: Push) => (p.scheduleKind === 'local' ? `${p.localTime} player's local time` : formatDateTime(p.sendAt));
const failedText = (p: Push) => {
  const reasons = Object.entries(p.stats.failedByReason).map(([r, n]) => `${r} ${n}`);
  return reasons.length ? `${p.stats.failed} (${reasons.join(', ')})` : String(p.stats.failed);
};

export interface PushStatsContext {
  id: number;
}

export const pushStatsResource = defineResource({
  id: 'push-stats',
  singular: 'figure',
  contracts: { list: pushStatsContract },
  rowKey: (r) => r.metric,
  rowLabel: (r) => r.metric,
  listInput: (ctx: PushStatsContext) => ({ id: ctx.id }),
  columns: [
    { key: 'metric', label: 'Delivery' },
    { key: 'value', label: 'Devices' },
  ],
  empty: 'No delivery yet.',
});

export const pushesResource = defineResource({
  id: 'pushes',
  singular: 'push',
  plural: 'pushes',
  contracts: { list: pushListContract, save: pushCreateContract },
  // A push's status, delivery figures and Cancel all matter: one card a push on a phone.
  phone: { layout: 'stack' },
  rowLabel: (r) => r.title,
  columns: [
    { key: 'title', label: 'Push', hint: (r) => `#${r.id} · ${r.body.slice(0, 60)}` },
    appColumn,
    { key: 'target', label: 'Target', value: targetText },
    { key: 'sendAt', label: 'Send (UTC+7)', value: scheduleText },
    { key: 'status', label: 'Status', show: 'status', severity: statusSeverity, hint: (r) => `by ${r.createdBy}` },
    { key: 'targeted', label: 'Targeted', value: (r) => r.stats.targeted },
    { key: 'sent', label: 'Sent', value: (r) => r.stats.sent },
    { key: 'failed', label: 'Failed', value: failedText },
    { key: 'opened', label: 'Opened', value: (r) => r.stats.opened },
  ],
  form: [
    appField,
    { key: 'title', label: 'Title', input: 'text', placeholder: 'Daily reward is ready' },
    { key: 'body', label: 'Body', input: 'textarea', help: 'Title, body and deep link together at most 4 KB (FCM payload limit).' },
    { key: 'deepLink', label: 'Deep link (data)', input: 'text', placeholder: 'mygame://shop' },
    { key: 'os', label: 'Platform', input: 'os', options: platformOrAllOptions },
    { key: 'countries', label: 'Countries', input: 'chips', placeholder: 'VN, US … (empty = all)' },
    { key: 'versions', label: 'App versions', input: 'chips', placeholder: '1.4.0 … (empty = all)' },
    { key: 'lastSeenDays', label: 'Seen in the last N days', input: 'number', help: '0 = any device.' },
    { key: 'playerIds', label: 'Player ids', input: 'chips', placeholder: 'p_… (empty = every player)' },
    {
      key: 'scheduleKind',
      label: 'Send',
      input: 'select',
      options: [
        { label: 'Now', value: 'now' },
        { label: 'At a time (UTC+7)', value: 'at' },
        { label: "At a time in each player's time zone", value: 'local' },
      ],
    },
    { key: 'sendDay', label: 'Day', input: 'date', disabledWhen: (v) => v.scheduleKind === 'now' },
    { key: 'sendTime', label: 'Time', input: 'text', placeholder: '09:00', disabledWhen: (v) => v.scheduleKind === 'now' },
  ],
  initial: () => ({ title: '', body: '', deepLink: '', os: 0, countries: [], versions: [], lastSeenDays: 0, playerIds: [], scheduleKind: 'now', sendDay: todayInReportZone(), sendTime: '09:00' }),
  editable: () => false,
  createLabel: 'Compose push',
  empty: 'No push yet.',
  search: 'client',
  note: () => ({ text: 'Sent through Firebase Cloud Messaging (HTTP v1) by the push_send job; devices register through the SDK.' }),
  toasts: { created: (r) => `Push "${r.title}" created for ${r.stats.targeted} device(s)` },
  rowActions: [
    {
      id: 'cancel',
      label: 'Cancel',
      icon: 'pi pi-times',
      compact: true,
      severity: () => 'danger',
      contract: pushCancelContract,
      input: (r) => ({ id: r.id }),
      hidden: (r) => r.status !== 'scheduled',
      confirm: { header: 'Cancel push', message: (r) => `Cancel "${r.title}"? Devices not yet sent to get nothing.` },
      done: (r) => ({ severity: 'success', text: `Push "${r.title}" cancelled` }),
    },
  ],
  drill: { label: (r) => `Stats of ${r.title}`, icon: 'pi pi-chart-bar', tooltip: 'Delivery stats', title: (r) => `Delivery stats — ${r.title}`, resource: () => pushStatsResource, context: (r) => ({ id: r.id }) },
  idPrefix: 'push',
});

/** Each app's Firebase project and service account (sealed; the key file is write-only, never shown again). */
export const pushSettingsResource = defineResource({
  id: 'push-settings',
  singular: 'FCM setting',
  contracts: { list: pushSettingsListContract, save: pushSettingsSaveContract },
  rowKey: (r) => r.appId,
  rowLabel: (r) => `FCM settings of ${r.appId}`,
  columns: [
    appColumn,
    { key: 'projectId', label: 'Firebase project', show: 'code' },
    { key: 'clientEmail', label: 'Service account', show: 'code' },
    { key: 'hasServiceAccount', label: 'Key file', show: 'boolean', yesNo: ['Stored (sealed)', 'Missing'] },
    { key: 'updatedAt', label: 'Updated', show: 'dateTime', hint: (r) => r.updatedBy },
  ],
  form: [
    appField,
    { key: 'projectId', label: 'Firebase project id', input: 'text', placeholder: 'my-game-1234' },
    { key: 'serviceAccountJson', label: 'Service account key (JSON)', input: 'textarea', placeholder: '{ "type": "service_account", … }', help: 'Paste the key file (Firebase → Project settings → Service accounts). Left empty when editing, the stored key is kept; it is never shown again.' },
  ],
  initial: () => ({ projectId: '', serviceAccountJson: '' }),
  fixed: ofEditedRow('appId'),
  createLabel: 'Set FCM settings',
  toasts: { saved: (r) => `FCM settings of ${r.appId} saved` },
  empty: 'No app has FCM settings yet: a push needs the app\u2019s Firebase project and service account.',
  idPrefix: 'fcm',
});
