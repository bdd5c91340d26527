import { describe, expect, it } from 'vitest';
import type { SessionAccount } from '../auth/types';
import type { Db } from '../server/db';
import { migratedMemoryDb } from '../server/db/memory-db.testkit';
import { createApp, listAppOptions, mayViewApp, updateApp, updateConfig } from './service';
import type { Actor } from '../auth/types';

let db: Db;
let editor: Actor;

function account(id: number, username: string, listApp: string[], canViewAllApp: boolean, role = 'cache'): SessionAccount {
  return {
    id, sessionId: 's', username, role, name: username, avatar: '', introduction: '', paths: ['/app_data/index'], privateActions: ['app_edit'],
    permissions: [], listApp, canViewAllApp, followTeam: [], excludeTeams: [],
  };
}

const base = { icon: '', teamId: null, gameTypes: [], labels: [], published: false, showFinance: true, reportMonth: true, highlight: '' as const };

migratedMemoryDb(async (opened) => {
  db = opened;
  await db.query(`INSERT INTO roles (name) VALUES ('cache')`);
  const row = await db.one<{ id: number }>(`INSERT INTO accounts (username, password_hash, role, list_app) VALUES ('limited', 'x', 'cache', '["seen.app"]'::jsonb) RETURNING id`);
  editor = { account: account(row!.id, 'limited', ['seen.app'], false), ip: '10.0.0.1', requestId: 'req-1' };
  await db.query(`INSERT INTO apps (id, name) VALUES ('seen.app', 'Seen'), ('hidden.app', 'Hidden')`);
});

const auditRows = (action: string) => db.query<{ username: string; entity_id: string; ip: string; request_id: string; after: Record<string, unknown> | null }>('SELECT * FROM account_log WHERE action = $1 ORDER BY id', [action]);

describe('visibility rule', () => {
  it('root and canViewAllApp see every app, others only their listApp', () => {
    expect(mayViewApp({ role: 'root', canViewAllApp: false, listApp: [] }, 'x')).toBe(true);
    expect(mayViewApp({ role: 'pm', canViewAllApp: true, listApp: [] }, 'x')).toBe(true);
    expect(mayViewApp({ role: 'pm', canViewAllApp: false, listApp: ['y'] }, 'x')).toBe(false);
  });

  it('an editor without canViewAllApp may not change an app outside its list', async () => {
    await expect(updateApp(db, editor, { appId: 'hidden.app', data: { name: 'Mine' } })).rejects.toMatchObject({ status: 403 });
    expect((await db.one<{ name: string }>(`SELECT name FROM apps WHERE id = 'hidden.app'`))!.name).toBe('Hidden');
  });
});

describe('audit', () => {
  it('writes one account-log row per mutation with who, where and a masked key', async () => {
    const created = await createApp(db, editor, { ...base, id: 'new.app', name: 'New', os: [{ os: 1, packageId: 'new.app', storeUrl: '' }] });
    const [row] = await auditRows('app_create');
    expect(row).toMatchObject({ username: 'limited', entity_id: 'new.app', ip: '10.0.0.1', request_id: 'req-1' });
    const loggedKey = (row!.after!.os as { sdkAppKey: string }[])[0]!.sdkAppKey;
    expect(loggedKey).toMatch(/^gsm_….{4}$/);
    expect(loggedKey).not.toBe(created.os[0]!.sdkAppKey);
  });

  it('a creator without canViewAllApp gets the new app added to its list', async () => {
    const listApp = (await db.one<{ list_app: string[] }>(`SELECT list_app FROM accounts WHERE username = 'limited'`))!.list_app;
    expect(listApp).toEqual(['seen.app', 'new.app']);
    const stillOld = await listAppOptions(db, editor.account);
    expect(stillOld.map((a) => a.id)).toEqual(['seen.app']);
  });

  it('a refused config leaves neither a change nor an audit row', async () => {
    await expect(updateConfig(db, editor, 'seen.app', '{ "a": 1,, }')).rejects.toMatchObject({ status: 400, message: expect.stringContaining('line 1, column 10') });
    expect(await auditRows('app_config_update')).toHaveLength(0);
    await updateConfig(db, editor, 'seen.app', '{ "a": 1 }');
    expect(await auditRows('app_config_update')).toHaveLength(1);
  });
});
