import { tunables, type EventStoreSettings } from '../../server/config';
import { prepareStore } from './prepare';
import type { ColumnStore } from './types';

export type { ColumnStore } from './types';

let current: Promise<ColumnStore> | null = null;
let currentSettings: EventStoreSettings | null = null;

/** The configured column store, opened (and its schema made) on first use; null on EVENT_STORE=postgres. */
export function columnStore(settings: EventStoreSettings = tunables().eventStore): Promise<ColumnStore> | null {
  if (settings.kind === 'postgres') return null;
  if (current && currentSettings === settings) return current;
  currentSettings = settings;
  current = openStore(settings).catch((error: unknown) => {
    current = null;
    throw error;
  });
  return current;
}

/** Whether events live in a column store (cheap: no store is opened). */
export const usesColumnStore = (): boolean => tunables().eventStore.kind !== 'postgres';

async function openStore(settings: Exclude<EventStoreSettings, { kind: 'postgres' }>): Promise<ColumnStore> {
  // A chdb worker that ended (a fault in the engine) is replaced at the next request, not left failing every call.
  const forget = () => {
    if (currentSettings === settings) current = null;
  };
  const store = settings.kind === 'chdb' ? await (await import('./chdb-store')).openChdb(settings.chdbPath, 'gsm', forget) : await (await import('./clickhouse-store')).openClickhouse(settings);
  await prepareStore(store);
  return store;
}

/** Closes the open store (server shutdown, tests). */
export async function closeColumnStore(): Promise<void> {
  const open = current;
  current = null;
  currentSettings = null;
  if (open) await (await open.catch(() => null))?.close();
}
