import type { SessionAccount } from './types';

/**
 * The signed-in account of a console page. The middleware's guard sends every signed-out request for a
 * console page to sign in before any page renders, so a page without one is a bug in the guard, not a
 * visitor: it fails loudly instead of rendering for nobody.
 */
export function pageViewer(locals: { account: SessionAccount | null }): SessionAccount {
  if (!locals.account) throw new Error('A console page rendered without a signed-in account: the guard must have let it through.');
  return locals.account;
}
