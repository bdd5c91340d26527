/**
 * A place for one object per process. The server bundle is split into chunks that may each load a module
 * of their own, so a module-level variable could exist twice; the slot lives on `globalThis` instead, and
 * every chunk that names it sees the same object (the database handle does the same, src/app/startup.ts).
 */
export interface ProcessSlot<T> {
  /** What start-up put there, if it has run. */
  get(): T | undefined;
  /** Puts `value` there (replacing any earlier one) and answers it. */
  set(value: T): T;
}

export function processSlot<T>(name: string): ProcessSlot<T> {
  const key = `__gsm${name}`;
  const holder = globalThis as typeof globalThis & Record<string, T | undefined>;
  return {
    get: () => holder[key],
    set: (value) => (holder[key] = value),
  };
}
