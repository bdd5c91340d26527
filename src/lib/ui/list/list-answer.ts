import { useState } from 'react';

/**
 * What an answer says besides its rows (a summary above the table, the folder a listing is of, the token of
 * the next page), kept with those rows. The controller publishes the rows array it was answered, so the rest
 * of the answer is looked up by that array: whatever the screen shows beside the rows comes from the same
 * answer as the rows, and a stale answer the controller dropped can never show its summary either. One more
 * stale guard would be needed otherwise.
 */
export interface ListAnswers<A> {
  /** Files the answer under its rows; answers the rows, for the load function to hand the controller. */
  keep<R>(rows: R[], answer: A): R[];
  /** The answer the rows shown came with; undefined before the first answer (or for rows no answer gave). */
  of(rows: readonly unknown[] | null | undefined): A | undefined;
}

export function listAnswers<A>(): ListAnswers<A> {
  const answers = new WeakMap<readonly unknown[], A>();
  return {
    keep(rows, answer) {
      answers.set(rows, answer);
      return rows;
    },
    of: (rows) => (rows ? answers.get(rows) : undefined),
  };
}

/** The same, made once for the life of a component. */
export function useListAnswers<A>(): ListAnswers<A> {
  const [answers] = useState(() => listAnswers<A>());
  return answers;
}
