import type { Sql } from '../server/db';
import { badRequest } from '../server/errors';
import { MICROS } from './model';

/**
 * Money as integer micros of a currency, and its USD value from the stored daily rate (finance_fx_rates).
 * The rate of the day itself, else the latest earlier rate; none on or before the day is the caller's error
 * (a refusal naming the currency and the day: noRateMessage).
 */

/** Micros of a decimal amount (12.345678 → 12345678); exact for up to 6 decimals. */
export function toMicros(amount: number): number {
  return Math.round(amount * MICROS);
}

export type RateBook = (currency: string, day: string) => number | null;

/** Loads every stored rate of the currencies once, for converting many rows without a query each. */
export async function loadRates(db: Sql, currencies: readonly string[]): Promise<RateBook> {
  const wanted = [...new Set(currencies.filter((c) => c !== 'USD'))];
  const rows = wanted.length
    ? await db.query<{ currency: string; day: string; usd_micros: string }>(
        `SELECT currency, day::text AS day, usd_micros::text AS usd_micros FROM finance_fx_rates
          WHERE currency IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY currency, day`,
        [JSON.stringify(wanted)],
      )
    : [];
  const byCurrency = new Map<string, { day: string; rate: number }[]>();
  for (const r of rows) {
    const list = byCurrency.get(r.currency) ?? [];
    list.push({ day: r.day, rate: Number(r.usd_micros) });
    byCurrency.set(r.currency, list);
  }
  return (currency, day) => {
    if (currency === 'USD') return MICROS;
    return rateOn(byCurrency.get(currency) ?? [], day);
  };
}

/**
 * The rate of a day from a currency's rates sorted by day: the day's own, else the latest earlier one; null
 * when the currency has no rate on or before the day. Never a later rate: converting 2025-09-20 at the rate
 * of 2025-09-30 would book a figure at a price nobody knew that day.
 */
export function rateOn(list: readonly { day: string; rate: number }[], day: string): number | null {
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.day <= day) (found = mid), (lo = mid + 1);
    else hi = mid - 1;
  }
  return found < 0 ? null : list[found]!.rate;
}

/** USD micros of `micros` of a currency at a rate (USD micros per unit). */
export function toUsd(micros: number, rate: number): number {
  return Math.round((micros * rate) / MICROS);
}

/** The rate of one currency and day, or a 400 naming the field, the currency and the day. */
export async function requireRate(db: Sql, currency: string, day: string, field: string): Promise<number> {
  const rate = (await loadRates(db, [currency]))(currency, day);
  if (rate === null) throw badRequest(noRateMessage(field, currency, day));
  return rate;
}

/** The refusal of a row without a usable rate: the currency and the day it needed one for. */
export const noRateMessage = (field: string, currency: string, day: string) => `${field ? `${field}: ` : ''}no stored USD rate for ${currency} on or before ${day}`;
