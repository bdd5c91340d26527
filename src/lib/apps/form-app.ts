import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { MESSAGES } from '../http/messages';
import { HttpError, notFound } from '../server/errors';
import { mayViewApp } from './service';

/**
 * The app a person last chose in a create form (issue 41). Kept per account on the server rather than in the
 * browser: logout clears the browser's state (spec), and the same person works from several machines. Read
 * with the screen's first render; an app the account no longer sees is not offered.
 */
export async function formAppOf(db: Sql, viewer: SessionAccount): Promise<string | null> {
  const row = await db.one<{ app_id: string }>('SELECT f.app_id FROM account_form_app f JOIN apps a ON a.id = f.app_id WHERE f.account_id = $1', [viewer.id]);
  return row && mayViewApp(viewer, row.app_id) ? row.app_id : null;
}

/** Remembers the app of a create form just saved: one the account sees and that exists. */
export async function rememberFormApp(db: Sql, viewer: SessionAccount, appId: string): Promise<string> {
  if (!mayViewApp(viewer, appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]))) throw notFound(`App ${appId} was not found.`);
  await db.query(
    `INSERT INTO account_form_app (account_id, app_id) VALUES ($1, $2)
     ON CONFLICT (account_id) DO UPDATE SET app_id = EXCLUDED.app_id, chosen_at = now()`,
    [viewer.id, appId],
  );
  return appId;
}
