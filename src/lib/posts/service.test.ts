import { describe, expect, it } from 'vitest';
import type { SessionAccount } from '../auth/types';
import type { Db } from '../server/db';
import { migratedMemoryDb } from '../server/db/memory-db.testkit';
import { createPost, deletePost, getSpecialPost, updatePost, updateSpecialPost } from './service';
import type { Actor } from '../auth/types';

let db: Db;
const actors: Record<string, Actor> = {};

function actor(id: number, username: string, role: string, privateActions: string[]): Actor {
  const account: SessionAccount = {
    id, sessionId: 's', username, role, name: username, avatar: '', introduction: '', paths: [], privateActions,
    permissions: [], listApp: [], canViewAllApp: false, followTeam: [], excludeTeams: [],
  };
  return { account, ip: '127.0.0.1', requestId: `req-${username}` };
}

migratedMemoryDb(async (opened) => {
  db = opened;
  for (const [username, role, actions] of [
    ['editor', 'admin', ['push_notification_create', 'push_notification_edit', 'push_notification_delete', 'push_notification_pin']],
    ['pinner', 'PO-Marketing', ['push_notification_pin']],
  ] as const) {
    await db.query(`INSERT INTO roles (name) VALUES ($1) ON CONFLICT DO NOTHING`, [role]);
    const row = await db.one<{ id: number }>(`INSERT INTO accounts (username, password_hash, role) VALUES ($1, 'x', $2) RETURNING id`, [username, role]);
    actors[username] = actor(row!.id, username, role, [...actions]);
  }
});

const auditRows = (entityId: number) =>
  db.query<{ action: string; username: string; before: unknown; after: { title?: string; isPinned?: boolean } | null; request_id: string }>(
    `SELECT action, username, before, after, request_id FROM account_log WHERE entity = 'post' AND entity_id = $1 ORDER BY id`,
    [String(entityId)],
  );

describe('post mutations write one audit row each, with before and after', () => {
  it('create, update, pin, unpin and delete', async () => {
    const editor = actors.editor!;
    const post = await createPost(db, editor, { title: 'Audit me', body: '<p>x</p>', type: 2, isPinned: false, publish: true, isDeleted: false });
    await updatePost(db, editor, { id: post.id, title: 'Audited' });
    await updatePost(db, actors.pinner!, { id: post.id, isPinned: true });
    await updatePost(db, actors.pinner!, { id: post.id, isPinned: false });
    await deletePost(db, editor, post.id);
    const rows = await auditRows(post.id);
    expect(rows.map((r) => r.action)).toEqual(['post_create', 'post_update', 'post_pin', 'post_unpin', 'post_delete']);
    expect(rows[0]).toMatchObject({ username: 'editor', before: null, after: { title: 'Audit me' }, request_id: 'req-editor' });
    expect(rows[1]).toMatchObject({ before: { title: 'Audit me' }, after: { title: 'Audited' } });
    expect(rows[2]).toMatchObject({ username: 'pinner', after: { isPinned: true } });
    expect(rows[4]).toMatchObject({ after: { isDeleted: true } });
  });

  it('writes nothing when the update changes nothing or is refused', async () => {
    const post = await createPost(db, actors.editor!, { title: 'Quiet', body: '', type: 1, isPinned: false, publish: true, isDeleted: false });
    await updatePost(db, actors.editor!, { id: post.id, title: 'Quiet', type: 1 });
    await expect(updatePost(db, actors.pinner!, { id: post.id, title: 'Not allowed' })).rejects.toMatchObject({ status: 403 });
    expect((await auditRows(post.id)).map((r) => r.action)).toEqual(['post_create']);
  });

  it('audits the special note', async () => {
    const note = await getSpecialPost(db, 'finance_info_post');
    await updateSpecialPost(db, actors.editor!, { id: note.id, title: note.title, body: '<p>refresh</p>' });
    const rows = await auditRows(note.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'special_post_update', before: { body: '' }, after: { body: '<p>refresh</p>' } });
  });
});
