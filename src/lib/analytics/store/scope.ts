import type { Sql } from '../../server/db';
import type { StoreScope } from './types';

/**
 * What a column-store report needs from the console's database besides its scope: the state that lives there
 * and changes what counts (flagged test players, purchases their store refused). Both lists are small (a
 * handful of players per app; refusals are rare) and are bound into the ClickHouse query as arrays.
 */
export interface StoreContext {
  /** "app\tuser" of every flagged test player of the apps. */
  testPlayers: string[];
  /** "store\ttransactionId" of every refused purchase of the apps. */
  refused: string[];
}

export async function storeContext(db: Sql, apps: readonly string[]): Promise<StoreContext> {
  if (apps.length === 0) return { testPlayers: [], refused: [] };
  const list = JSON.stringify(apps);
  const players = await db.query<{ k: string }>(
    `SELECT app_id || E'\\t' || player_id AS k FROM players WHERE is_test AND app_id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [list],
  );
  const refused = await db.query<{ k: string }>(
    `SELECT DISTINCT store || E'\\t' || transaction_id AS k FROM iap_verifications WHERE status = 'refused' AND app_id IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [list],
  );
  return { testPlayers: players.map((r) => r.k), refused: refused.map((r) => r.k) };
}

/** What attributeFilter answers when the scope filters on no attribute: a query may then skip reading them. */
export const NO_FILTER = '1';

/**
 * An event's place in the order (day, event_time, event_id) as one string that sorts bytewise in that order: the day
 * and the time in milliseconds as eight big-endian bytes (the time shifted by 10^13 ms so that dates before 1970 stay
 * positive; 2^63 added so that no leading byte is zero, which reinterpretAsString would drop), then the id. argMin and
 * min over it take ClickHouse's string path; over the tuple they took the generic one, three times slower (Stuck
 * Game's grouping of 2.35 M level events into player-levels at 10.5 M: 1,000 against 470 ms).
 */
export const EVENT_ORDER =
  "concat(reverse(reinterpretAsString(toUInt64(day) * 100000000000000 + toUInt64(toUnixTimestamp64Milli(event_time) + 10000000000000) + 9223372036854775808)), event_id)";

/**
 * What an EVENT_ORDER string was made to carry after its id, behind a NUL (`concat(EVENT_ORDER, '\0', …)`): ids
 * hold no NUL (src/lib/text-safety.ts), so the first NUL after the eight bytes of day and time ends the id, and what
 * follows never changes which of two strings is the least.
 */
export const carried = (v: string) => `substring(${v}, position(${v}, '\\0', 9) + 1)`;

/** An event's order string carrying its platform, version and country: min() of it is the first event, max() the last. */
export const ORDER_WITH_ATTRIBUTES = `concat(${EVENT_ORDER}, '\\0', toString(os), '\\0', app_version, '\\0', country)`;

/** The platform, version and country an ORDER_WITH_ATTRIBUTES string `v` carries, as three SQL expressions. */
export function attributesCarried(v: string): [os: string, version: string, country: string] {
  const parts = `splitByChar('\\0', ${carried(v)})`;
  return [`toUInt8OrZero(${parts}[1])`, `${parts}[2]`, `${parts}[3]`];
}

/**
 * A player's first event among the rows grouped, as the tuple (day, os, app_version, country): the least by
 * EVENT_ORDER when `filter` (an attributeFilter below) reads its attributes, which the order string carries (a
 * day is its event's time in UTC+7, so this is also the first by time, then id); otherwise its day alone, min(day).
 * argMin over a tuple holding strings took ClickHouse's generic path: the Level report's first plays on 4.3 M events
 * 1,247 ms against 262 for min(day), and Stuck Game's first plays filtered by platform at 10.6 M 650 against 370 ms
 * for the carried string.
 */
export const firstEvent = (filter: string) =>
  filter === NO_FILTER ? `(min(day), toUInt8(0), '', '')` : `(min(day), ${attributesCarried(`min(${ORDER_WITH_ATTRIBUTES})`).join(', ')})`;

/**
 * The report filters (platform, version, countries) on the attributes a figure is counted under — the
 * user-day's last event or the install's first_open, as the PostgreSQL rollups do — as ClickHouse conditions
 * on the columns named, binding their values into `params`.
 */
export function attributeFilter(scope: StoreScope, params: Record<string, unknown>, columns: { os: string; version: string; country: string }): string {
  const parts = [NO_FILTER];
  if (scope.os) {
    params.f_os = scope.os;
    parts.push(`${columns.os} = {f_os:UInt8}`);
  }
  if (scope.version && scope.version !== 'all') {
    params.f_version = scope.version;
    parts.push(`${columns.version} = {f_version:String}`);
  }
  if (scope.countries.length) {
    params.f_countries = scope.countries;
    parts.push(`${columns.country} IN {f_countries:Array(String)}`);
  }
  return parts.join(' AND ');
}
