import { describe, expect, it } from 'vitest';
import { afterArchive, afterCreate, afterDelete, afterRead, afterRestore, afterUpdate, emptyBoard, isUnread, type BoardState } from './board';
import type { Post } from './contract';

let nextId = 1;
function post(fields: Partial<Post> = {}): Post {
  const id = fields.id ?? nextId++;
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString();
  return { id, title: `Post ${id}`, body: '', type: 2, isPinned: false, publish: true, isDeleted: false, createdAt, updatedAt: createdAt, ...fields };
}
const ids = (posts: Post[]) => posts.map((p) => p.id);

function board(state: Partial<BoardState>): BoardState {
  return { ...emptyBoard, loading: false, ...state };
}

describe('post board transitions (spec section 4)', () => {
  it('read: the id joins the read list once', () => {
    const p = post();
    const s = afterRead(afterRead(board({}), p.id), p.id);
    expect(s.read).toEqual([p.id]);
    expect(isUnread(s, p.id)).toBe(false);
  });

  it('archive: marks read, leaves Important and EverythingElse, comes first in archived', () => {
    const important = post({ type: 1 });
    const other = post();
    const older = post();
    const s = afterArchive(board({ important: [important], importantTotal: 1, everythingElse: [other], everythingElseTotal: 5, archived: [older] }), important);
    expect(s.important).toEqual([]);
    expect(s.importantTotal).toBe(0);
    expect(s.everythingElseTotal).toBe(5);
    expect(ids(s.archived)).toEqual([important.id, older.id]);
    expect(s.read).toContain(important.id);
    expect(s.archivedIds).toContain(important.id);
  });

  it('restore: out of the archive', () => {
    const p = post();
    const s = afterRestore(board({ archived: [p], archivedIds: [p.id] }), p.id);
    expect(s.archived).toEqual([]);
    expect(s.archivedIds).toEqual([]);
  });

  it('pin puts the post first in pinned; unpin takes it out; both replace it where it stands', () => {
    const a = post();
    const b = post({ isPinned: true });
    let s = board({ pinned: [b], everythingElse: [b, a], everythingElseTotal: 2 });
    s = afterUpdate(s, { ...a, isPinned: true });
    expect(ids(s.pinned)).toEqual([a.id, b.id]);
    expect(s.everythingElse[1]!.isPinned).toBe(true);
    s = afterUpdate(s, { ...b, isPinned: false });
    expect(ids(s.pinned)).toEqual([a.id]);
    expect(ids(s.everythingElse)).toEqual([b.id, a.id]);
  });

  it('edit replaces in place; a changed type moves the post to the other list in date order', () => {
    const newer = post({ type: 1 });
    const p = post();
    const s1 = afterUpdate(board({ everythingElse: [p], everythingElseTotal: 1, archived: [p] }), { ...p, title: 'Renamed' });
    expect(s1.everythingElse[0]!.title).toBe('Renamed');
    expect(s1.archived[0]!.title).toBe('Renamed');
    const older = post({ type: 1, id: 0 });
    const s2 = afterUpdate(board({ important: [newer, older], importantTotal: 2, everythingElse: [p], everythingElseTotal: 1 }), { ...p, type: 1 });
    expect(s2.everythingElse).toEqual([]);
    expect(s2.everythingElseTotal).toBe(0);
    expect(ids(s2.important)).toEqual([p.id, newer.id, older.id]);
    expect(s2.importantTotal).toBe(3);
  });

  it('delete: out of archived, pinned, Important and EverythingElse', () => {
    const p = post({ type: 1, isPinned: true });
    const s = afterDelete(board({ pinned: [p], important: [p], importantTotal: 4, archived: [p], archivedIds: [p.id] }), p.id);
    expect([s.pinned, s.important, s.archived, s.archivedIds]).toEqual([[], [], [], []]);
    expect(s.importantTotal).toBe(3);
  });

  it('create: first in the list of its type, the page keeps its size; pinned too when pinned', () => {
    const page = Array.from({ length: 10 }, () => post());
    const created = post({ isPinned: true });
    const s = afterCreate(board({ everythingElse: page, everythingElseTotal: 10 }), created);
    expect(s.everythingElse[0]!.id).toBe(created.id);
    expect(s.everythingElse).toHaveLength(10);
    expect(s.everythingElseTotal).toBe(11);
    expect(ids(s.pinned)).toEqual([created.id]);
    const important = afterCreate(board({}), post({ type: 1 }));
    expect(important.important).toHaveLength(1);
    expect(important.everythingElse).toEqual([]);
  });
});
