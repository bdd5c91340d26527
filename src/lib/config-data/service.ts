import type { Actor, SessionAccount } from '../auth/types';
import { tooDeepAt, tooDeepMessage } from '../json-depth';
import { auditAs } from '../server/audit';
import { serverConfig } from '../server/config';
import { encryptSecret } from '../server/crypto';
import type { Db, Sql } from '../server/db';
import { HttpError, badRequest, conflict, notFound } from '../server/errors';
import { mayViewApp } from '../apps/service';
import type { ConfigItem, Team } from './contract';
import { configKinds, serviceAccountFile, type ConfigKind } from './kinds';
import { messageOf } from '../error-message';
import { prepareAlertRule } from './alert-iaa';
import { lastActions } from '../alerts/service';
import { forgetTrackingPlans } from './tracking-plan';
import { parseRewardText } from '../mail/rewards-text';
import { checkRewards, rewardList } from '../rewards/items';

/** Ingestion keeps tracking plans in memory: a change to either kind must reach the next batch. */
const afterChange = (kind: ConfigKind) => {
  if (kind === 'event' || kind === 'tracking_config') forgetTrackingPlans();
};

type Row = { id: number; scope: string; item_key: string; data: Record<string, unknown>; secret: string | null; updated_by: string; updated_at: Date };
const toItem = (r: Row): ConfigItem => ({ id: r.id, scope: r.scope, key: r.item_key, data: r.data, hasSecret: Boolean(r.secret), updatedBy: r.updated_by, updatedAt: new Date(r.updated_at).toISOString() });


/** Which scopes an account may read and write: app-scoped items follow app visibility. */
function visibleScope(kind: ConfigKind, account: SessionAccount, scope: string): boolean {
  const mode = configKinds[kind].scope;
  if (mode === 'none') return true;
  if (mode === 'app') return mayViewApp(account, scope);
  if (scope.startsWith('app:')) return mayViewApp(account, scope.slice(4));
  return scope.startsWith('team:');
}

async function checkScope(db: Sql, kind: ConfigKind, account: SessionAccount, scope: string): Promise<void> {
  const mode = configKinds[kind].scope;
  if (mode === 'none') {
    if (scope) throw badRequest('scope: this kind is studio-wide and takes no scope.');
    return;
  }
  if (mode === 'app' && !scope) throw badRequest('scope: choose the app this item belongs to.');
  if (mode === 'app-or-team' && !/^(app|team):.+/.test(scope)) throw badRequest('scope: must be "app:<app id>" or "team:<team name>".');
  const appId = mode === 'app' ? scope : scope.startsWith('app:') ? scope.slice(4) : null;
  if (appId) {
    if (!(await db.one('SELECT 1 FROM apps WHERE id = $1', [appId]))) throw badRequest(`scope: app "${appId}" does not exist.`);
    if (!mayViewApp(account, appId)) throw new HttpError(403, 'Permission invalid');
  } else if (!(await db.one('SELECT 1 FROM teams WHERE name = $1', [scope.slice(5)]))) {
    throw badRequest(`scope: team "${scope.slice(5)}" does not exist.`);
  }
}

export async function listConfig(db: Sql, kind: ConfigKind, account: SessionAccount, q: { scope?: string; textSearch?: string }): Promise<ConfigItem[]> {
  const rows = await db.query<Row>(
    `SELECT id, scope, item_key, data, secret, updated_by, updated_at FROM config_items
      WHERE kind = $1 AND ($2::text IS NULL OR scope = $2) AND ($3::text IS NULL OR item_key ILIKE '%' || $3 || '%')
      ORDER BY scope, item_key`,
    [kind, q.scope || null, q.textSearch || null],
  );
  const items = rows.filter((r) => visibleScope(kind, account, r.scope)).map(toItem);
  if (kind !== 'alert_iaa') return items;
  const acted = await lastActions(db, items.map((i) => i.id));
  return items.map((i) => ({ ...i, activity: acted.get(i.id) ?? null }));
}

/** Turns the validated form into what is stored: the clear data, its key and (for GA) the sealed secret. */
function prepare(kind: ConfigKind, data: Record<string, unknown>, existing: Row | undefined): { key: string; data: Record<string, unknown>; secret: string | null } {
  if (kind === 'ga_service_account') {
    const raw = data.serviceAccountJson as string | undefined;
    if (!raw) {
      if (!existing) throw badRequest('data.serviceAccountJson: paste the service account key file (JSON).');
      return { key: existing.item_key, data: { ...existing.data, label: data.label }, secret: existing.secret };
    }
    if (tooDeepAt(raw) >= 0) throw badRequest(tooDeepMessage('data.serviceAccountJson'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      throw badRequest(`data.serviceAccountJson: not valid JSON (${messageOf(error)}).`);
    }
    const file = serviceAccountFile.safeParse(parsed);
    if (!file.success) throw badRequest(`data.serviceAccountJson: ${file.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    return {
      key: file.data.client_email,
      data: { clientEmail: file.data.client_email, projectId: file.data.project_id, keyId: file.data.private_key_id, label: data.label },
      secret: encryptSecret(raw, serverConfig().secretKey),
    };
  }
  if (kind === 'alert_iaa') return prepareAlertRule(data, existing);
  const key = String(data[configKinds[kind].keyField]);
  if (kind === 'iap_config') {
    const [whole, fraction = ''] = String(data.price).split('.');
    return { key, data: { ...data, priceMicros: Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6)) }, secret: null };
  }
  return { key, data, secret: null };
}

export async function saveConfig(db: Db, kind: ConfigKind, actor: Actor, input: { id?: number; scope: string; data: Record<string, unknown> }): Promise<ConfigItem> {
  await checkScope(db, kind, actor.account, input.scope);
  const saved = await db.transaction(async (tx) => {
    const existing = input.id
      ? await tx.one<Row>('SELECT id, scope, item_key, data, secret, updated_by, updated_at FROM config_items WHERE id = $1 AND kind = $2 FOR UPDATE', [input.id, kind])
      : undefined;
    if (input.id && !existing) throw notFound(`${configKinds[kind].title} item ${input.id} does not exist.`);
    if (existing && !visibleScope(kind, actor.account, existing.scope)) throw new HttpError(403, 'Permission invalid');
    const next = prepare(kind, input.data, existing);
    // A product's reward must be deliverable when it is bought: items of the app, within their limits.
    if (kind === 'iap_config' && next.data.reward) {
      const rewards = rewardList.safeParse(parseRewardText(next.data.reward));
      if (!rewards.success) throw badRequest(`data.reward: ${rewards.error.issues[0]!.message}.`);
      await checkRewards(tx, input.scope, rewards.data, 'data.reward');
    }
    const clash = await tx.one<{ id: number }>('SELECT id FROM config_items WHERE kind = $1 AND scope = $2 AND item_key = $3', [kind, input.scope, next.key]);
    if (clash && clash.id !== existing?.id) throw conflict(`${configKinds[kind].keyField}: "${next.key}" already exists${input.scope ? ` for ${input.scope}` : ''}.`);
    const row = existing
      ? await tx.one<Row>(
          `UPDATE config_items SET scope = $2, item_key = $3, data = $4::jsonb, secret = $5, updated_by = $6, updated_at = now() WHERE id = $1
           RETURNING id, scope, item_key, data, secret, updated_by, updated_at`,
          [existing.id, input.scope, next.key, JSON.stringify(next.data), next.secret, actor.account.username],
        )
      : await tx.one<Row>(
          `INSERT INTO config_items (kind, scope, item_key, data, secret, created_by, updated_by) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $6)
           RETURNING id, scope, item_key, data, secret, updated_by, updated_at`,
          [kind, input.scope, next.key, JSON.stringify(next.data), next.secret, actor.account.username],
        );
    const item = toItem(row!);
    // The audit trail never holds the secret either: only the clear fields.
    await auditAs(tx, actor, {
      action: existing ? 'update' : 'create', entity: `config:${kind}`, entityId: item.id,
      before: existing ? { scope: existing.scope, key: existing.item_key, data: existing.data } : undefined, after: { scope: item.scope, key: item.key, data: item.data },
    });
    return item;
  });
  afterChange(kind);
  return saved;
}

export async function deleteConfig(db: Db, kind: ConfigKind, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx.one<Row>('SELECT id, scope, item_key, data, secret, updated_by, updated_at FROM config_items WHERE id = $1 AND kind = $2', [id, kind]);
    if (!row) throw notFound(`${configKinds[kind].title} item ${id} does not exist.`);
    if (!visibleScope(kind, actor.account, row.scope)) throw new HttpError(403, 'Permission invalid');
    await tx.query('DELETE FROM config_items WHERE id = $1', [id]);
    await auditAs(tx, actor, { action: 'delete', entity: `config:${kind}`, entityId: id, before: { scope: row.scope, key: row.item_key, data: row.data } });
  });
  afterChange(kind);
}

type TeamRow = { id: number; name: string; description: string; members: string[]; apps: string[] | null };
const TEAM_SELECT = `SELECT t.id, t.name, t.description, t.members, (SELECT coalesce(jsonb_agg(a.id ORDER BY a.id), '[]'::jsonb) FROM apps a WHERE a.team_id = t.id) AS apps FROM teams t`;
const toTeam = (r: TeamRow): Team => ({ id: r.id, name: r.name, description: r.description, members: r.members, apps: r.apps ?? [] });

export async function listTeams(db: Sql): Promise<Team[]> {
  return (await db.query<TeamRow>(`${TEAM_SELECT} ORDER BY t.name`)).map(toTeam);
}

export async function saveTeam(db: Db, actor: Actor, input: { id?: number; name: string; description: string; members: string[]; apps: string[] }): Promise<Team> {
  return db.transaction(async (tx) => {
    const before = input.id ? await tx.one<TeamRow>(`${TEAM_SELECT} WHERE t.id = $1`, [input.id]) : undefined;
    if (input.id && !before) throw notFound(`Team ${input.id} does not exist.`);
    const clash = await tx.one<{ id: number }>('SELECT id FROM teams WHERE lower(name) = lower($1)', [input.name]);
    if (clash && clash.id !== input.id) throw conflict(`name: team "${input.name}" already exists.`);
    const unknownMember = input.members.length
      ? (await tx.query<{ u: string }>('SELECT u FROM unnest($1::text[]) u WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE username = u)', [input.members]))[0]
      : undefined;
    if (unknownMember) throw badRequest(`members: account "${unknownMember.u}" does not exist.`);
    const unknownApp = input.apps.length
      ? (await tx.query<{ a: string }>('SELECT a FROM unnest($1::text[]) a WHERE NOT EXISTS (SELECT 1 FROM apps WHERE id = a)', [input.apps]))[0]
      : undefined;
    if (unknownApp) throw badRequest(`apps: app "${unknownApp.a}" does not exist.`);
    const row = before
      ? await tx.one<{ id: number }>('UPDATE teams SET name = $2, description = $3, members = $4::jsonb, updated_at = now() WHERE id = $1 RETURNING id', [input.id, input.name, input.description, JSON.stringify(input.members)])
      : await tx.one<{ id: number }>('INSERT INTO teams (name, description, members) VALUES ($1, $2, $3::jsonb) RETURNING id', [input.name, input.description, JSON.stringify(input.members)]);
    await tx.query('UPDATE apps SET team_id = NULL WHERE team_id = $1 AND NOT (id = ANY($2::text[]))', [row!.id, input.apps]);
    if (input.apps.length) await tx.query('UPDATE apps SET team_id = $1 WHERE id = ANY($2::text[])', [row!.id, input.apps]);
    const after = toTeam((await tx.one<TeamRow>(`${TEAM_SELECT} WHERE t.id = $1`, [row!.id]))!);
    await auditAs(tx, actor, { action: before ? 'update' : 'create', entity: 'team', entityId: after.id, before: before ? toTeam(before) : undefined, after });
    return after;
  });
}

export async function deleteTeam(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await tx.one<TeamRow>(`${TEAM_SELECT} WHERE t.id = $1`, [id]);
    if (!before) throw notFound(`Team ${id} does not exist.`);
    await tx.query('DELETE FROM teams WHERE id = $1', [id]);
    await auditAs(tx, actor, { action: 'delete', entity: 'team', entityId: id, before: toTeam(before) });
  });
}
