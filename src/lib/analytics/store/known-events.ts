import type { ColumnStore } from './types';
import { EVENTS_TABLE } from './schema';

/**
 * Which of a batch's events the column store already holds, as "event id \0 day as sent" keys. Look-ups of one
 * app that arrive while another is running wait and then run as one query (the union of their ids and days):
 * with several SDK batches in flight, one look-up costs about what one batch's did, and the store's worker
 * serves one query instead of one per batch. The answer may hold keys of the other batches' events; each batch
 * only asks about its own (id, day) pairs, so a wider answer changes nothing for it.
 */
export function storedKeys(store: ColumnStore, appId: string, ids: readonly string[], sentDays: readonly string[]): Promise<Set<string>> {
  const lane = laneOf(store, appId);
  let round = lane.next;
  if (!round) {
    let resolve!: (keys: Set<string>) => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<Set<string>>((res, rej) => ((resolve = res), (reject = rej)));
    round = { ids: new Set(), sentDays: new Set(), done, resolve, reject };
    lane.next = round;
    if (!lane.busy) void run(lane, store, appId);
  }
  for (const id of ids) round.ids.add(id);
  for (const day of sentDays) round.sentDays.add(day);
  return round.done;
}

/** The look-up: the app's rows of those days as sent (the min-max index on sent_day skips the rest: ./schema.ts) with those ids. */
export const lookUpSql = (store: ColumnStore) =>
  `SELECT event_id, toString(sent_day) AS sent FROM ${store.database}.${EVENTS_TABLE}
    WHERE app_id = {app:String} AND sent_day IN {sent_days:Array(Date)} AND event_id IN {ids:Array(String)}`;

interface Round {
  ids: Set<string>;
  sentDays: Set<string>;
  done: Promise<Set<string>>;
  resolve(keys: Set<string>): void;
  reject(error: unknown): void;
}
interface Lane {
  busy: boolean;
  next: Round | null;
}

const lanes = new WeakMap<ColumnStore, Map<string, Lane>>();
function laneOf(store: ColumnStore, appId: string): Lane {
  let byApp = lanes.get(store);
  if (!byApp) lanes.set(store, (byApp = new Map()));
  let lane = byApp.get(appId);
  if (!lane) byApp.set(appId, (lane = { busy: false, next: null }));
  return lane;
}

async function run(lane: Lane, store: ColumnStore, appId: string): Promise<void> {
  lane.busy = true;
  // The caller adds its ids after this returns: the query starts on the next turn.
  await null;
  while (lane.next) {
    const round = lane.next;
    lane.next = null;
    try {
      const rows = await store.query<{ event_id: string; sent: string }>(lookUpSql(store), { app: appId, sent_days: [...round.sentDays], ids: [...round.ids] });
      round.resolve(new Set(rows.map((r) => `${r.event_id}\u0000${r.sent}`)));
    } catch (error) {
      round.reject(error);
    }
  }
  lane.busy = false;
}
