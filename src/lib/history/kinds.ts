import { z } from 'zod';
import { PARAMS, type EventName, type Field } from '../analytics/events';
import { OS_NAMES, type OsCode } from '../platform';
import { defineContract, numberFromText } from '../contract';
import { day } from '../reports/filters';

/**
 * The history logs (/gsm/history/…): one player's raw events of one kind, newest first, every payload field
 * a column. A kind is a descriptor — its route, the event names it shows (and the level mode) — and the
 * generic history screen, the list and export endpoints and the tests are made from it. Shared by browser and server.
 */
export interface HistoryKind {
  id: string;
  route: string;
  /** "level events": what the empty state and the export name. */
  noun: string;
  names: readonly EventName[];
  /** Level logs: the mode their events carry. */
  mode?: 'main' | 'minigame';
}

export const HISTORY_KINDS = [
  { id: 'level', route: '/gsm/history/level', noun: 'level events', names: ['level_start', 'level_complete', 'level_fail'], mode: 'main' },
  { id: 'miniGameLevel', route: '/gsm/history/miniGameLevel', noun: 'mini-game level events', names: ['level_start', 'level_complete', 'level_fail'], mode: 'minigame' },
  { id: 'taskQuest', route: '/gsm/history/taskQuest', noun: 'quest events', names: ['task_quest'] },
  { id: 'adsLog', route: '/gsm/history/adsLog', noun: 'ad requests and views', names: ['ad_view'] },
  { id: 'iapLog', route: '/gsm/history/iapLog', noun: 'purchases', names: ['iap_purchase', 'subscription'] },
  { id: 'resource', route: '/gsm/history/resource', noun: 'resource events', names: ['resource_earn', 'resource_spend'] },
  { id: 'adImpression', route: '/gsm/history/adImpression', noun: 'ad impressions', names: ['ad_impression'] },
  { id: 'counterLog', route: '/gsm/history/counterLog', noun: 'counter events', names: ['counter'] },
  { id: 'funnel', route: '/gsm/history/funnel', noun: 'funnel steps', names: ['funnel_step'] },
] as const satisfies readonly HistoryKind[];

export type HistoryKindId = (typeof HISTORY_KINDS)[number]['id'];
export const historyKinds: Record<string, HistoryKind> = Object.fromEntries(HISTORY_KINDS.map((k) => [k.id, k]));

/** One column of a history table: an envelope field or a payload field. */
export interface HistoryColumn {
  key: string;
  label: string;
  /** money: integer micros shown as USD; seconds; dateTime: an ISO instant shown in UTC+7. */
  format: 'text' | 'number' | 'money' | 'seconds' | 'dateTime';
  /** Payload fields live in params. */
  param?: boolean;
}

const words = (key: string) => key.replace(/UsdMicros$/, '').replace(/Micros$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
function paramColumn(key: string, field: Field): HistoryColumn {
  if (field.type === 'int' && field.unit === 'micros') return { key, label: key.endsWith('UsdMicros') ? `${words(key)} (USD)` : `${words(key)} (local)`, format: 'money', param: true };
  if (field.type === 'int' && field.unit === 'seconds') return { key, label: `${words(key)} (s)`, format: 'seconds', param: true };
  return { key, label: words(key), format: field.type === 'int' ? 'number' : 'text', param: true };
}

/** Every column of a kind: time and event, each payload field of its event names (once, in order), then the envelope. */
export function historyColumns(kind: HistoryKind): HistoryColumn[] {
  const params = new Map<string, HistoryColumn>();
  for (const name of kind.names) for (const [key, field] of Object.entries(PARAMS[name] as Record<string, Field>)) if (!params.has(key) && !(kind.mode && key === 'mode')) params.set(key, paramColumn(key, field));
  return [
    { key: 'time', label: 'Time (UTC+7)', format: 'dateTime' },
    { key: 'name', label: 'Event', format: 'text' },
    ...params.values(),
    { key: 'appVersion', label: 'App version', format: 'text' },
    { key: 'os', label: 'OS', format: 'text' },
    { key: 'country', label: 'Country', format: 'text' },
    { key: 'sdkVersion', label: 'SDK version', format: 'text' },
    { key: 'eventId', label: 'Event id', format: 'text' },
  ];
}

/** The longest range one lookup reads (the day partitions it touches). */
export const HISTORY_MAX_DAYS = 366;
export const HISTORY_PAGE_MAX = 200;
/** The most rows one export writes. */
export const HISTORY_EXPORT_MAX = 50_000;

export const historyQuery = z.object({
  appId: z.string().trim().min(1, 'choose an app').max(100),
  userId: z.string().trim().min(1, 'enter the player\'s user id').max(128),
  from: day,
  to: day,
});
export type HistoryQuery = z.output<typeof historyQuery>;

export const historyRow = z.object({
  time: z.string(),
  name: z.string(),
  params: z.record(z.string(), z.unknown()),
  appVersion: z.string(),
  os: z.number().int(),
  country: z.string(),
  sdkVersion: z.string(),
  eventId: z.string(),
  /** 1: the device's time was in the future, 2: too old — both stored at the receive time. */
  flags: z.number().int(),
});
export type HistoryRow = z.infer<typeof historyRow>;

/** The list and export contracts of a kind: access follows the kind's route; exporting needs export_report. */
function contractsOf(kind: HistoryKind) {
  return {
    list: defineContract({
      method: 'GET',
      path: `/api/history/${kind.id}`,
      request: historyQuery.extend({
        /** From the previous page's answer: the rows after it. */
        cursor: z.string().max(200).optional(),
        limit: numberFromText(z.number().int().min(1).max(HISTORY_PAGE_MAX).default(50)),
      }),
      data: z.object({ rows: z.array(historyRow), nextCursor: z.string().nullable() }),
      access: { route: kind.route },
    }),
    export: defineContract({
      method: 'GET',
      path: `/api/history/${kind.id}/export`,
      request: historyQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') }),
      data: z.unknown(),
      access: { route: kind.route, actions: ['export_report'] },
    }),
  };
}
export type HistoryContracts = ReturnType<typeof contractsOf>;

export const historyContracts: Record<string, HistoryContracts> = Object.fromEntries(HISTORY_KINDS.map((kind) => [kind.id, contractsOf(kind)]));

/**
 * A cell of a history row as a value: the screen formats it, the export writes it, both from here. Money is
 * USD (micros ÷ 1,000,000), the OS its name, the time an instant (the export writes it with its +07:00 offset).
 */
export function historyCell(column: HistoryColumn, row: HistoryRow): string | number | null {
  // A column names a field of the row by key; the row's interface has no index signature to say so.
  const value = column.param ? row.params[column.key] : (row as unknown as Record<string, unknown>)[column.key];
  if (value === undefined || value === null || value === '') return null;
  if (column.key === 'os') return OS_NAMES[value as OsCode] ?? String(value);
  if (column.format === 'money') return Number(value) / 1e6;
  if (typeof value === 'number') return value;
  return String(value);
}
