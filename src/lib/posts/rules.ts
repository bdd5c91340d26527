import { hasAnyAction, SPECIAL_NOTE_ROLES } from '../permissions';

/** Post types of spec section 9. */
export const POST_TYPE = { important: 1, everythingElse: 2 } as const;
export type PostType = (typeof POST_TYPE)[keyof typeof POST_TYPE];
export const POST_TYPE_OPTIONS = [
  { label: 'Important', value: POST_TYPE.important },
  { label: 'EverythingElse', value: POST_TYPE.everythingElse },
] as const;

/** Limits shared by the form, the contracts and the server (spec section 9 and the board's own rules). */
export const TITLE_MAX = 200;
export const BODY_MAX_BYTES = 100 * 1024;
export const IMPORTANT_PAGE_SIZE = 50;
export const EVERYTHING_ELSE_PAGE_SIZE = 10;
export const LIST_LIMIT_MAX = 100;

/** The header note: a post found by this title, kept out of the board lists. */
export const SPECIAL_POST_TITLES = ['finance_info_post'] as const;

export const BOARD_ACTIONS = {
  create: 'push_notification_create',
  edit: 'push_notification_edit',
  delete: 'push_notification_delete',
  pin: 'push_notification_pin',
} as const;

export interface RightsHolder {
  role: string;
  privateActions: readonly string[];
  permissions: readonly string[];
}

/** What an account may do on the board; server and island decide with the same function. */
export interface BoardRights {
  create: boolean;
  edit: boolean;
  delete: boolean;
  pin: boolean;
  /** Unpublished posts (drafts) are visible only to those who may edit them. */
  seeDrafts: boolean;
}

export function boardRights(account: RightsHolder): BoardRights {
  const may = (action: string) => hasAnyAction(account, [action]);
  const edit = may(BOARD_ACTIONS.edit);
  return { create: may(BOARD_ACTIONS.create), edit, delete: may(BOARD_ACTIONS.delete), pin: may(BOARD_ACTIONS.pin), seeDrafts: edit };
}

/** The header special note is editable by roles admin, root and PO-Marketing, or with special_note_edit. */
export function canEditSpecialNote(account: RightsHolder): boolean {
  return (SPECIAL_NOTE_ROLES as readonly string[]).includes(account.role) || hasAnyAction(account, ['special_note_edit']);
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Why a title or body would be refused, or null; the form shows these messages inline. */
export function titleProblem(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return 'Title is required.';
  if (trimmed.length > TITLE_MAX) return `Title must be at most ${TITLE_MAX} characters (now ${trimmed.length}).`;
  return null;
}

export function bodyProblem(body: string): string | null {
  const bytes = byteLength(body);
  return bytes > BODY_MAX_BYTES ? `Body must be at most 100 KB (now ${Math.ceil(bytes / 1024)} KB).` : null;
}
