/**
 * The signed-in viewer, as every island of a page sees it. ConsoleLayout writes it once per page into the
 * head as inline JSON (`<script type="application/json" id="gsm-viewer">`); the store reads it when its
 * module is first evaluated in the browser. The head is parsed before any island's script runs, so every
 * island, whatever its hydration order (client:load, client:idle), finds the viewer already there, at
 * the cost of no extra request, island or script.
 *
 * On the server the store stays null: module state there is shared by all requests, so a viewer must never
 * be set in it. Islands therefore use the viewer in effects and actions, not in their first render.
 */
import { atom } from 'nanostores';
import type { SessionAccount } from './types';

/** What the browser may know of the signed-in account: enough for visibility rules and buttons. */
export interface Viewer {
  username: string;
  name: string;
  role: string;
  /** Apps the account may see, unless canViewAllApp (or root). */
  listApp: readonly string[];
  canViewAllApp: boolean;
  /** Private actions (edit, delete…) the account holds, for showing buttons; the server decides. */
  privateActions: readonly string[];
}

export const VIEWER_SCRIPT_ID = 'gsm-viewer';

/** The viewer of a session, for the page (no session id, no permissions beyond what screens show). */
export function viewerOf(account: SessionAccount): Viewer {
  return {
    username: account.username,
    name: account.name,
    role: account.role,
    listApp: [...account.listApp],
    canViewAllApp: account.canViewAllApp,
    privateActions: [...account.privateActions],
  };
}

/** What an island's app pickers need of the account (the app store's visibility rule). */
export function appScopeOf(account: SessionAccount): { username: string; role: string; listApp: readonly string[]; canViewAllApp: boolean } {
  return { username: account.username, role: account.role, listApp: account.listApp, canViewAllApp: account.canViewAllApp };
}

/** The viewer as JSON safe inside a `<script>` element (no "</script>", no HTML comment openers). */
export function viewerJson(viewer: Viewer): string {
  return JSON.stringify(viewer).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** A viewer from untrusted JSON text, or null when it is not one. */
export function parseViewer(text: string | null | undefined): Viewer | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<Viewer> | null;
    if (!v || typeof v.username !== 'string' || !v.username || typeof v.role !== 'string' || !strings(v.listApp) || typeof v.canViewAllApp !== 'boolean') return null;
    return {
      username: v.username,
      name: typeof v.name === 'string' ? v.name : v.username,
      role: v.role,
      listApp: v.listApp,
      canViewAllApp: v.canViewAllApp,
      privateActions: strings(v.privateActions) ? v.privateActions : [],
    };
  } catch {
    return null;
  }
}

function readFromPage(): Viewer | null {
  if (typeof document === 'undefined') return null;
  return parseViewer(document.getElementById(VIEWER_SCRIPT_ID)?.textContent);
}

/** The signed-in viewer of this page; null on the server and on pages without one (sign-in). */
export const $viewer = atom<Viewer | null>(readFromPage());

/** The viewer now (reads the page again if the store was evaluated before the head held it). */
export function currentViewer(): Viewer | null {
  const known = $viewer.get();
  if (known) return known;
  const read = readFromPage();
  if (read) $viewer.set(read);
  return read;
}

/** Tests (and nothing else) set the viewer by hand. */
export function setViewerForTest(viewer: Viewer | null): void {
  $viewer.set(viewer);
}
