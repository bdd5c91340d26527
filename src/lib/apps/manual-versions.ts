/**
 * Versions entered by hand (an app version the telemetry has not seen yet).
 */
import type { Actor } from '../auth/types';
import type { Db } from '../server/db';
import { badRequest, conflict, notFound } from '../server/errors';
import type { AppVersion } from './contract';
import { OS_NAMES, type OsCode } from '../platform';
import { audit, requireVisibleApp } from './rows';
import { toVersion, type VersionRow } from './details';

export async function saveManualVersion(db: Db, actor: Actor, input: { appId: string; os: OsCode; version: string; sdkVersion: string }): Promise<AppVersion> {
  return db.transaction(async (tx) => {
    await requireVisibleApp(tx, actor.account, input.appId);
    if (!(await tx.one('SELECT 1 FROM app_os WHERE app_id = $1 AND os = $2', [input.appId, input.os]))) {
      throw badRequest(`os: app ${input.appId} has no ${OS_NAMES[input.os]} platform`);
    }
    const before = await tx.one<VersionRow>('SELECT * FROM app_versions WHERE app_id = $1 AND os = $2 AND version = $3 FOR UPDATE', [input.appId, input.os, input.version]);
    if (before?.source === 'sdk') throw conflict(`Version ${input.version} was reported by the SDK and cannot be changed by hand.`);
    const row = await tx.one<VersionRow>(
      `INSERT INTO app_versions (app_id, os, version, sdk_version, source) VALUES ($1, $2, $3, $4, 'manual')
       ON CONFLICT (app_id, os, version) DO UPDATE SET sdk_version = EXCLUDED.sdk_version, last_seen = now() RETURNING *`,
      [input.appId, input.os, input.version, input.sdkVersion],
    );
    await audit(tx, actor, before ? 'app_version_update' : 'app_version_create', 'app_version', `${input.appId}_${input.os}_${input.version}`, before ? toVersion(before) : undefined, toVersion(row!));
    return toVersion(row!);
  });
}

export async function deleteManualVersion(db: Db, actor: Actor, input: { appId: string; os: OsCode; version: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await requireVisibleApp(tx, actor.account, input.appId);
    const row = await tx.one<VersionRow>('SELECT * FROM app_versions WHERE app_id = $1 AND os = $2 AND version = $3 FOR UPDATE', [input.appId, input.os, input.version]);
    if (!row) throw notFound(`Version ${input.version} of app ${input.appId} was not found.`);
    if (row.source === 'sdk') throw conflict(`Version ${input.version} was reported by the SDK and cannot be deleted.`);
    await tx.query('DELETE FROM app_versions WHERE app_id = $1 AND os = $2 AND version = $3', [input.appId, input.os, input.version]);
    await audit(tx, actor, 'app_version_delete', 'app_version', `${input.appId}_${input.os}_${input.version}`, toVersion(row));
  });
}
