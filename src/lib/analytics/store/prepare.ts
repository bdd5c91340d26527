import type { ColumnStore } from './types';
import { ensureSchema } from './schema.ts';
import { ensureUserDays, keepsUserDays } from './user-days.ts';

/** Makes what a store needs before its first read or write: the events table, and on chdb the user-day sums. */
export async function prepareStore(store: ColumnStore): Promise<void> {
  await ensureSchema(store);
  if (keepsUserDays(store)) await ensureUserDays(store);
}
