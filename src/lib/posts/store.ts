import { atom } from 'nanostores';

/**
 * The bell's unread count, shared by every island on the page: the top bar shows it, the board lowers it
 * when a post is read. Seeded from the server render, refreshed by polling countNotRead.
 */
export const $unreadCount = atom<number>(0);

/** Expanding an unread post: the counter drops by 1 if above 0 (spec section 4). */
export function markOneRead(): void {
  const n = $unreadCount.get();
  if (n > 0) $unreadCount.set(n - 1);
}
