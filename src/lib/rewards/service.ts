import type { z } from 'zod';
import type { Actor, SessionAccount } from '../auth/types';
import { mayViewApp } from '../apps/service';
import { MESSAGES } from '../http/messages';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { HttpError, notFound } from '../server/errors';
import type { gameItemSaveContract } from './contract';
import { listGameItems, type GameItem } from './items';

type SaveInput = z.output<(typeof gameItemSaveContract)['request']>;

/** The app must exist and be one the account may see (403 as every app panel answers otherwise). */
async function requireApp(db: Sql, account: SessionAccount, appId: string): Promise<void> {
  if (!mayViewApp(account, appId)) throw new HttpError(403, MESSAGES.permissionInvalid);
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]))) throw notFound(`App ${appId} was not found.`);
}

export async function listItemsFor(db: Sql, account: SessionAccount, appId: string): Promise<GameItem[]> {
  await requireApp(db, account, appId);
  return listGameItems(db, appId);
}

const audit = (db: Sql, actor: Actor, action: string, id: string, before?: unknown, after?: unknown) =>
  auditAs(db, actor, { action, entity: 'game_item', entityId: id, before, after });

/** Adds the item, or changes the item of that id (the id is the key rewards name, so it never changes). */
export async function saveItem(db: Db, actor: Actor, input: SaveInput): Promise<GameItem> {
  return db.transaction(async (tx) => {
    await requireApp(tx, actor.account, input.appId);
    const before = (await listGameItems(tx, input.appId)).find((i) => i.itemId === input.itemId);
    await tx.query(
      `INSERT INTO game_items (app_id, item_id, name, kind, max_amount) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (app_id, item_id) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind, max_amount = EXCLUDED.max_amount, updated_at = now()`,
      [input.appId, input.itemId, input.name, input.kind, input.maxAmount],
    );
    const after: GameItem = { appId: input.appId, itemId: input.itemId, name: input.name, kind: input.kind, maxAmount: input.maxAmount };
    await audit(tx, actor, before ? 'game_item_update' : 'game_item_create', `${input.appId}/${input.itemId}`, before, after);
    return after;
  });
}

/** Removes an item from the list; rewards already granted (mail, redemptions) keep their copy of it. */
export async function deleteItem(db: Db, actor: Actor, appId: string, itemId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireApp(tx, actor.account, appId);
    const before = (await listGameItems(tx, appId)).find((i) => i.itemId === itemId);
    if (!before) throw notFound(`Item ${itemId} of app ${appId} was not found.`);
    await tx.query('DELETE FROM game_items WHERE app_id = $1 AND item_id = $2', [appId, itemId]);
    await audit(tx, actor, 'game_item_delete', `${appId}/${itemId}`, before);
  });
}
