import type { Actor } from '../auth/types';
import { mayViewApp } from '../apps/service';
import { auditAs } from '../server/audit';
import { serverConfig } from '../server/config';
import { decryptSecret, encryptSecret } from '../server/crypto';
import type { Db, Sql } from '../server/db';
import { HttpError, badRequest, notFound } from '../server/errors';
import type { AppStoreKey } from './app-store';
import type { ServiceAccount } from './google-play';

/**
 * Where an app's store credentials live, sealed at rest (docs/security.md):
 * - Google Play: the app's GA service account (Config Data → GA Service Account, scope "app:<id>"), the key
 *   file the console already keeps sealed; the account must be granted access in the Play Console.
 * - App Store: the app's In-App Purchase key (iap_store_keys), its .p8 private key sealed and never sent back.
 */

export async function googleServiceAccount(db: Sql, appId: string): Promise<ServiceAccount | null> {
  const row = await db.one<{ secret: string | null }>(
    `SELECT secret FROM config_items WHERE kind = 'ga_service_account' AND scope = $1 AND secret IS NOT NULL ORDER BY updated_at DESC LIMIT 1`,
    [`app:${appId}`],
  );
  if (!row?.secret) return null;
  return JSON.parse(decryptSecret(row.secret, serverConfig().secretKey)) as ServiceAccount;
}

export async function appStoreKey(db: Sql, appId: string): Promise<AppStoreKey | null> {
  const row = await db.one<{ key_id: string; issuer_id: string; private_key: string }>('SELECT key_id, issuer_id, private_key FROM iap_store_keys WHERE app_id = $1', [appId]);
  if (!row) return null;
  return { keyId: row.key_id, issuerId: row.issuer_id, privateKey: decryptSecret(row.private_key, serverConfig().secretKey) };
}

type KeyRow = { app_id: string; key_id: string; issuer_id: string; updated_by: string; updated_at: Date };
const toKey = (r: KeyRow) => ({ appId: r.app_id, keyId: r.key_id, issuerId: r.issuer_id, hasPrivateKey: true, updatedBy: r.updated_by, updatedAt: new Date(r.updated_at).toISOString() });

async function visibleApp(db: Sql, account: Actor['account'], appId: string): Promise<void> {
  if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]))) throw notFound(`appId: app "${appId}" does not exist.`);
  if (!mayViewApp(account, appId)) throw new HttpError(403, 'Permission invalid');
}

export async function readStoreKey(db: Sql, account: Actor['account'], appId: string) {
  await visibleApp(db, account, appId);
  const row = await db.one<KeyRow>('SELECT app_id, key_id, issuer_id, updated_by, updated_at FROM iap_store_keys WHERE app_id = $1', [appId]);
  return row ? toKey(row) : null;
}

export async function saveStoreKey(db: Db, actor: Actor, input: { appId: string; keyId: string; issuerId: string; privateKey?: string }) {
  await visibleApp(db, actor.account, input.appId);
  if (input.privateKey) {
    // A key that cannot sign is refused now rather than leaving every purchase pending later.
    const { importPKCS8 } = await import('jose');
    await importPKCS8(input.privateKey, 'ES256').catch(() => {
      throw badRequest('privateKey: not an EC P-256 private key in PKCS#8 PEM (the .p8 file from App Store Connect).');
    });
  }
  return db.transaction(async (tx) => {
    const before = await tx.one<KeyRow & { private_key: string }>('SELECT app_id, key_id, issuer_id, private_key, updated_by, updated_at FROM iap_store_keys WHERE app_id = $1 FOR UPDATE', [input.appId]);
    if (!before && !input.privateKey) throw badRequest('privateKey: paste the .p8 key file (it is required the first time).');
    const sealed = input.privateKey ? encryptSecret(input.privateKey, serverConfig().secretKey) : before!.private_key;
    const row = await tx.one<KeyRow>(
      `INSERT INTO iap_store_keys (app_id, key_id, issuer_id, private_key, updated_by, updated_at) VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (app_id) DO UPDATE SET key_id = EXCLUDED.key_id, issuer_id = EXCLUDED.issuer_id, private_key = EXCLUDED.private_key,
              updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING app_id, key_id, issuer_id, updated_by, updated_at`,
      [input.appId, input.keyId, input.issuerId, sealed, actor.account.username],
    );
    // The audit trail holds the clear fields only, never the key.
    await auditAs(tx, actor, {
      action: before ? 'update' : 'create', entity: 'iap_store_key', entityId: input.appId,
      before: before ? { keyId: before.key_id, issuerId: before.issuer_id } : undefined, after: { keyId: input.keyId, issuerId: input.issuerId, privateKeyReplaced: Boolean(input.privateKey) },
    });
    return toKey(row!);
  });
}

export async function deleteStoreKey(db: Db, actor: Actor, appId: string): Promise<{ appId: string }> {
  await visibleApp(db, actor.account, appId);
  return db.transaction(async (tx) => {
    const before = await tx.one<KeyRow>('DELETE FROM iap_store_keys WHERE app_id = $1 RETURNING app_id, key_id, issuer_id, updated_by, updated_at', [appId]);
    if (!before) throw notFound(`appId: app "${appId}" has no App Store key.`);
    await auditAs(tx, actor, { action: 'delete', entity: 'iap_store_key', entityId: appId, before: { keyId: before.key_id, issuerId: before.issuer_id } });
    return { appId };
  });
}
