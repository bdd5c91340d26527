/**
 * What a list's answer carries beside its rows (the period's totals, the teams to choose from), found again
 * from the rows the controller shows. `load` hands the controller the rows through `keep`; the controller lands
 * only the newest request's rows (stale-guard.ts), so the answer read back with `of(list.rows)` is always the
 * one those rows came in — the extras need no stale guard of their own and can never disagree with the rows.
 */
export interface AnswersByRows<A> {
  /** The rows to hand the controller, remembering the answer they came in. */
  keep<R>(rows: R[], answer: A): R[];
  /** The answer the rows came in (none before the first answer). */
  of(rows: readonly unknown[] | null): A | undefined;
}

export function answersByRows<A>(): AnswersByRows<A> {
  const answers = new WeakMap<object, A>();
  return {
    keep(rows, answer) {
      answers.set(rows, answer);
      return rows;
    },
    of: (rows) => (rows ? answers.get(rows) : undefined),
  };
}
