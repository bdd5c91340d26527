/**
 * Exact percentiles of a multiset given as value counts in text, "value:count,value:count,…" (lists joined
 * with commas may repeat a value): what Stuck Game reads per level (migration 0187). Values and counts are
 * non-negative integers (attempts, seconds, players). The percentile is the console's one definition
 * (../../reports/percentile.ts: type 7, PostgreSQL's percentile_cont); this file only reads the lists.
 */
import { percentileOfRuns, type ValueCount } from '../../reports/percentile';

/**
 * Values below 2^31 and counts below 2^22 pack into one float64 exactly: sorting the packed pairs sorts by value. A
 * larger count (a hit game's level 1, passed at the first attempt by millions) is packed as several pairs of the same
 * value, which the runs below read as one multiset.
 */
const COUNT_SPAN = 4_194_304;
const MAX_VALUE = 2_147_483_648;

interface Counts {
  /** Ascending by value: value · COUNT_SPAN + count per pair. */
  packed: Float64Array;
  total: number;
}

export function parseCounts(text: string): Counts {
  let packed = new Float64Array((text.length >> 1) + 1);
  let size = 0;
  const append = (pair: number) => {
    if (size === packed.length) {
      const wider = new Float64Array(packed.length * 2);
      wider.set(packed);
      packed = wider;
    }
    packed[size++] = pair;
  };
  let total = 0;
  let value = 0;
  let current = 0;
  const push = () => {
    if (value >= MAX_VALUE || !Number.isSafeInteger(current)) throw new RangeError(`value count ${value}:${current} is out of range`);
    total += current;
    for (; current >= COUNT_SPAN; current -= COUNT_SPAN - 1) append(value * COUNT_SPAN + COUNT_SPAN - 1);
    append(value * COUNT_SPAN + current);
  };
  // A hand-rolled scan: split() and Number() per pair cost several times more at 250,000 pairs.
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 58 /* : */) {
      value = current;
      current = 0;
    } else if (ch === 44 /* , */) {
      push();
      current = 0;
    } else if (ch >= 48 && ch <= 57) {
      current = current * 10 + (ch - 48);
    } else {
      throw new SyntaxError(`unexpected "${text[i]}" in a value-count list`);
    }
  }
  if (text.length) push();
  return { packed: packed.subarray(0, size).sort(), total };
}

/** The shared type-7 percentile (percentile_cont) of the counts, null when they are empty. */
export function percentileOfCounts({ packed }: Counts, p: number): number | null {
  return percentileOfRuns(runs(packed), p);
}

/** The packed pairs as (value, count) runs, ascending. */
function runs(packed: Float64Array): ValueCount[] {
  const out: ValueCount[] = new Array(packed.length);
  for (let i = 0; i < packed.length; i++) {
    const value = Math.floor(packed[i]! / COUNT_SPAN);
    out[i] = [value, packed[i]! - value * COUNT_SPAN];
  }
  return out;
}

/** The median and p90 of a value-count list (null and null when it is empty or absent). */
export function medianAndP90(text: string | null | undefined): { median: number | null; p90: number | null } {
  const counts = parseCounts(text ?? '');
  return { median: percentileOfCounts(counts, 0.5), p90: percentileOfCounts(counts, 0.9) };
}
