/**
 * The figures a report reads from a rollup, said once: each figure's SQL aggregate, read back as a number,
 * and the zero row of a day without data. The figure's name is the column alias, so the SELECT list, the
 * row mapping and the zero row cannot drift apart (they were written out by hand per report before).
 */
export interface Sums<K extends string> {
  /** The SELECT list: `(aggregate)::text AS "figure"`, one per figure. */
  select: string;
  /** A result row's figures as numbers (a missing or NULL aggregate is 0). */
  read(row: Record<string, unknown>): Record<K, number>;
  /** Every figure 0: a day, placement or quest with no data. */
  zero: Record<K, number>;
}

/**
 * Aggregates are selected as text: sum() of a bigint column is numeric, which node-postgres and PGlite answer as a
 * string; read() turns each into a number (the figures stay far below 2^53).
 */
export function sumsOf<K extends string>(aggregates: Record<K, string>): Sums<K> {
  const keys = Object.keys(aggregates) as K[];
  const zero = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  return {
    select: keys.map((k) => `(${aggregates[k]})::text AS "${k}"`).join(', '),
    read: (row) => Object.fromEntries(keys.map((k) => [k, Number(row[k] ?? 0)])) as Record<K, number>,
    zero,
  };
}

/** Plain sums of the rollup columns named like the figures in snake_case: `sessionEnds` is `sum(session_ends)`. */
export function columnSums<K extends string>(...figures: K[]): Sums<K> {
  return sumsOf(Object.fromEntries(figures.map((k) => [k, `sum(${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)})`])) as Record<K, string>);
}

/** Every day of the range in order: the day's row, or the zero row for a day without data. */
export function everyDay<R extends { day: string }>(days: readonly string[], byDay: ReadonlyMap<string, R>, zero: Omit<R, 'day'>): R[] {
  return days.map((day) => byDay.get(day) ?? ({ day, ...zero } as R));
}
