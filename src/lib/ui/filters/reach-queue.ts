/**
 * What reached for a lazy select before its code was there (load-on-reach.ts), kept in order to be given to the
 * loaded select: the keys it answers by opening or by searching its options, and a click.
 */
/** What reached for the select before it was in place, in order: a click, or keys as pressed. */
export type Reach = { key: string; code: string } | 'click';

const OPENING_KEYS: ReadonlySet<string> = new Set(['Enter', ' ', 'ArrowDown']);
const isOpening = (r: Reach) => r === 'click' || OPENING_KEYS.has(r.key);

/** A key the loaded select answers by opening or searching: kept to give it again (null: not one of those). */
export function heldKey(event: { key: string; code: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): Reach | 'Escape' | null {
  if (event.key === 'Escape') return 'Escape';
  if (OPENING_KEYS.has(event.key)) return { key: event.key, code: event.code || (event.key === ' ' ? 'Space' : event.key) };
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) return { key: event.key, code: event.code };
  return null;
}

/** Adds a reach to the queue: a second opening is dropped (the select opens once), Escape empties it. */
export function queue(reaches: Reach[], reach: Reach | 'Escape'): void {
  if (reach === 'Escape') reaches.length = 0;
  else if (!(isOpening(reach) && reaches.some(isOpening))) reaches.push(reach);
}
