import { beforeAll, describe, expect, it } from 'vitest';
import { accountInfoContract } from '../../src/lib/accounts/contract';
import type { RequestOf } from '../../src/lib/contract';
import { MESSAGES } from '../../src/lib/http/messages';
import type { Requester } from '../../src/lib/http/requester';
import {
  archivePostContract,
  countUnreadContract,
  createPostContract,
  deletePostContract,
  listArchivedPostsContract,
  listPinnedPostsContract,
  listPostsContract,
  readPostContract,
  removeArchivedPostContract,
  specialPostContract,
  updatePostContract,
  updateSpecialPostContract,
  userPostDataContract,
  type Post,
} from '../../src/lib/posts/contract';
import { ownAccount, raw, rejection, signedInAs } from './helpers';

type Session = Awaited<ReturnType<typeof signedInAs>>;
let root: Session, admin: Session, analyst: Session, pm: Session, marketing: Session;
/** Titles unique to this run, so the suite does not depend on what other suites created. */
let seq = 0;
const uniqueTitle = (label: string) => `${label} ${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  [root, admin, analyst, pm, marketing] = await Promise.all(['root', 'admin', 'analyst', 'pm', 'marketing'].map((u) => signedInAs(u)));
});

async function create(session: Requester, input: Partial<RequestOf<typeof createPostContract>> = {}): Promise<Post> {
  const { data } = await session(createPostContract, { title: uniqueTitle('Post'), ...input });
  return data;
}
/** Every post the account sees in the board lists (both types), found by searching its unique title. */
async function findInLists(session: Requester, title: string) {
  const [important, everythingElse, pinned, archived] = await Promise.all([
    session(listPostsContract, { type: 1, textSearch: title, limit: 100 }),
    session(listPostsContract, { type: 2, textSearch: title, limit: 100 }),
    session(listPinnedPostsContract),
    session(listArchivedPostsContract),
  ]);
  return {
    important: important.data.filter((p) => p.title === title),
    everythingElse: everythingElse.data.filter((p) => p.title === title),
    pinned: pinned.data.filter((p) => p.title === title),
    archived: archived.data.filter((p) => p.title === title),
  };
}
const count = async (session: Requester) => (await session(countUnreadContract)).data;

describe('POST /api/notificationGsm/create', () => {
  it('creates a post with the spec defaults and answers it', async () => {
    const title = uniqueTitle('Defaults');
    const { data } = await admin(createPostContract, { title: `  ${title}  ` });
    expect(data).toMatchObject({ title, body: '', type: 2, isPinned: false, publish: true, isDeleted: false });
    expect(data.id).toBeGreaterThan(0);
    expect(Date.parse(data.createdAt)).not.toBeNaN();
    expect(data.updatedAt).toBe(data.createdAt);
    const lists = await findInLists(admin, title);
    expect(lists.everythingElse.map((p) => p.id)).toEqual([data.id]);
    expect(lists.important).toEqual([]);
  });

  it('keeps the given fields and puts a pinned post first in the pinned list', async () => {
    const older = await create(root, { isPinned: true });
    const post = await create(admin, { type: 1, isPinned: true, body: '<p>Hello <b>team</b></p>' });
    expect(post).toMatchObject({ type: 1, isPinned: true, body: '<p>Hello <b>team</b></p>' });
    const { data: pinned } = await analyst(listPinnedPostsContract);
    expect(pinned[0]!.id).toBe(post.id);
    expect(pinned.map((p) => p.id)).toContain(older.id);
  });

  it('answers 403 "Permission invalid" without push_notification_create, and for a pinned post without push_notification_pin', async () => {
    const noCreate = await rejection(analyst(createPostContract, { title: uniqueTitle('Nope') }));
    expect(noCreate.status).toBe(403);
    expect(noCreate.message).toBe(MESSAGES.permissionInvalid);
    const title = uniqueTitle('Pinned by pm');
    const noPin = await rejection(pm(createPostContract, { title, isPinned: true }));
    expect(noPin.status).toBe(403);
    expect(noPin.message).toBe(MESSAGES.permissionInvalid);
    expect((await findInLists(root, title)).everythingElse).toEqual([]);
    // marketing holds create and pin.
    expect((await create(marketing, { isPinned: true })).isPinned).toBe(true);
  });

  it('removes scripts, event handlers and javascript: links from the body', async () => {
    const post = await create(admin, {
      body: '<p onclick="steal()">Read <script>alert(1)</script><a href="javascript:alert(2)">this</a> and <a href="https://example.com/doc">that</a></p><iframe src="https://evil.example"></iframe><style>p{}</style><img src="https://example.com/a.png" alt="a" onerror="x()">',
    });
    expect(post.body).not.toMatch(/script|onclick|onerror|javascript:|iframe|style|alert/i);
    expect(post.body).toContain('<a href="https://example.com/doc"');
    expect(post.body).toContain('<img src="https://example.com/a.png" alt="a"');
    expect(post.body).toContain('Read ');
  });

  it('refuses a missing or too long title, a wrong type, a body over 100 KB and server times, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ body: 'x' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'ok', type: 3 }, 'type'],
      [{ title: 'ok', body: 'x'.repeat(100 * 1024 + 1) }, 'body'],
      [{ title: 'ok', createdAt: new Date().toISOString() }, 'createdAt'],
    ];
    for (const [body, field] of cases) {
      const response = await raw('POST', '/api/notificationGsm/create', { body: JSON.stringify(body), token: admin.tokens.accessToken });
      expect(response.status, field).toBe(400);
      expect(response.json.message).toContain(field);
    }
    const atLimit = await create(admin, { title: 'y'.repeat(200), body: 'z'.repeat(100 * 1024) });
    expect(atLimit.title).toHaveLength(200);
  });
});

describe('PUT /api/notificationGsm/update', () => {
  it('updates in place and keeps createdAt', async () => {
    const post = await create(pm);
    const title = uniqueTitle('Edited');
    const { data } = await pm(updatePostContract, { id: post.id, title, body: '<p>new <em>text</em></p>', type: 1, isPinned: false, publish: true, isDeleted: false });
    expect(data).toMatchObject({ id: post.id, title, body: '<p>new <em>text</em></p>', type: 1, createdAt: post.createdAt });
    expect(Date.parse(data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(post.updatedAt));
    const lists = await findInLists(pm, title);
    expect(lists.important.map((p) => p.id)).toEqual([post.id]);
    expect(lists.everythingElse).toEqual([]);
  });

  it('refuses createdAt and updatedAt in the payload with 400 naming them', async () => {
    const post = await create(admin);
    for (const field of ['createdAt', 'updatedAt'] as const) {
      const error = await rejection(admin(updatePostContract, { id: post.id, title: 'changed', [field]: post[field] }));
      expect(error.status).toBe(400);
      expect(error.message).toContain(field);
    }
    const { data } = await admin(listPostsContract, { textSearch: post.title });
    expect(data[0]!.title).toBe(post.title);
  });

  it('answers 403 without push_notification_edit, and to pin or unpin without push_notification_pin', async () => {
    const post = await create(admin);
    const noEdit = await rejection(analyst(updatePostContract, { id: post.id, title: 'hacked' }));
    expect(noEdit.status).toBe(403);
    expect(noEdit.message).toBe(MESSAGES.permissionInvalid);
    // marketing may pin but not edit content.
    const marketingEdit = await rejection(marketing(updatePostContract, { id: post.id, title: 'hacked' }));
    expect(marketingEdit.status).toBe(403);
    // pm may edit but not pin.
    const pmPin = await rejection(pm(updatePostContract, { id: post.id, isPinned: true }));
    expect(pmPin.status).toBe(403);
    expect(pmPin.message).toBe(MESSAGES.permissionInvalid);
    const pmBoth = await rejection(pm(updatePostContract, { id: post.id, title: 'both', isPinned: true }));
    expect(pmBoth.status).toBe(403);
    expect((await findInLists(admin, post.title)).everythingElse[0]).toMatchObject({ title: post.title, isPinned: false });
  });

  it('pins through update (first in the pinned list) and unpins (out of it); the pin key alone is enough', async () => {
    const post = await create(admin);
    const { createdAt: _c, updatedAt: _u, ...rest } = post;
    const { data: pinned } = await marketing(updatePostContract, { ...rest, isPinned: true });
    expect(pinned.isPinned).toBe(true);
    expect((await analyst(listPinnedPostsContract)).data[0]!.id).toBe(post.id);
    const { data: unpinned } = await marketing(updatePostContract, { id: post.id, isPinned: false });
    expect(unpinned.isPinned).toBe(false);
    expect((await analyst(listPinnedPostsContract)).data.map((p) => p.id)).not.toContain(post.id);
    // pm's full-post save that leaves isPinned as it is needs only edit.
    const { data: saved } = await pm(updatePostContract, { ...rest, title: uniqueTitle('Saved by pm'), isPinned: false });
    expect(saved.isPinned).toBe(false);
  });

  it('answers 404 for an unknown or deleted post and 400 without an id', async () => {
    const unknown = await rejection(admin(updatePostContract, { id: 99_999_999, title: 'x' }));
    expect(unknown.status).toBe(404);
    const post = await create(admin);
    await admin(deletePostContract, { postId: post.id });
    expect((await rejection(admin(updatePostContract, { id: post.id, title: 'x' }))).status).toBe(404);
    const noId = await raw('PUT', '/api/notificationGsm/update', { body: JSON.stringify({ title: 'x' }), token: admin.tokens.accessToken });
    expect(noId.status).toBe(400);
    expect(noId.json.message).toContain('id');
    const undelete = await raw('PUT', '/api/notificationGsm/update', { body: JSON.stringify({ id: post.id, isDeleted: true }), token: admin.tokens.accessToken });
    expect(undelete.status).toBe(400);
    expect(undelete.json.message).toContain('isDeleted');
  });

  it('sanitises an edited body too', async () => {
    const post = await create(admin);
    const { data } = await admin(updatePostContract, { id: post.id, body: '<p>ok<img src="javascript:alert(1)" onerror="alert(1)"></p><a href="JaVaScRiPt:alert(1)" onclick="x">link</a>' });
    expect(data.body).not.toMatch(/javascript|onerror|onclick|alert/i);
    expect(data.body).toContain('link');
  });
});

describe('DELETE /api/notificationGsm/delete', () => {
  it('soft-deletes: the post leaves every list and the unread count', async () => {
    const post = await create(admin, { isPinned: true, type: 1 });
    await analyst(archivePostContract, { postId: post.id });
    await analyst(removeArchivedPostContract, { postId: post.id });
    const other = await create(admin, { type: 1 });
    const before = await count(pm);
    const { data } = await admin(deletePostContract, { postId: post.id });
    expect(data).toMatchObject({ id: post.id, isDeleted: true });
    expect(await count(pm)).toBe(before - 1);
    for (const session of [admin, analyst, pm]) {
      const lists = await findInLists(session, post.title);
      expect(lists).toEqual({ important: [], everythingElse: [], pinned: [], archived: [] });
    }
    const { data: all } = await admin(listPostsContract, { limit: 100 });
    expect(all.map((p) => p.id)).not.toContain(post.id);
    expect(all.map((p) => p.id)).toContain(other.id);
    const again = await rejection(admin(deletePostContract, { postId: post.id }));
    expect(again.status).toBe(404);
    expect((await rejection(analyst(readPostContract, { postId: post.id }))).status).toBe(404);
  });

  it('also leaves the archive of an account that archived it', async () => {
    const post = await create(admin);
    await analyst(archivePostContract, { postId: post.id });
    expect((await findInLists(analyst, post.title)).archived).toHaveLength(1);
    await root(deletePostContract, { postId: post.id });
    expect((await findInLists(analyst, post.title)).archived).toEqual([]);
    expect((await analyst(userPostDataContract)).data.archived).not.toContain(post.id);
  });

  it('answers 403 without push_notification_delete, 400 without postId and 404 for an unknown id', async () => {
    const post = await create(pm);
    const noDelete = await rejection(pm(deletePostContract, { postId: post.id }));
    expect(noDelete.status).toBe(403);
    expect(noDelete.message).toBe(MESSAGES.permissionInvalid);
    const missing = await raw('DELETE', '/api/notificationGsm/delete', { token: admin.tokens.accessToken, headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain('postId');
    expect((await rejection(admin(deletePostContract, { postId: 99_999_999 }))).status).toBe(404);
    expect((await findInLists(pm, post.title)).everythingElse).toHaveLength(1);
  });
});

describe('GET /api/notificationGsm/listNotificationGsm', () => {
  it('lists one type newest first with totalRecord, pages and limits', async () => {
    const tag = uniqueTitle('Paging');
    const made: Post[] = [];
    for (let i = 0; i < 12; i++) made.push(await create(admin, { title: `${tag} #${i}`, type: 2 }));
    const page1 = await analyst(listPostsContract, { type: 2, textSearch: tag, page: 1, limit: 10 });
    expect(page1.totalRecord).toBe(12);
    expect(page1.data.map((p) => p.title)).toEqual(made.slice(2).reverse().map((p) => p.title));
    const page2 = await analyst(listPostsContract, { type: 2, textSearch: tag, page: 2, limit: 10 });
    expect(page2.data.map((p) => p.title)).toEqual([`${tag} #1`, `${tag} #0`]);
    expect(page2.totalRecord).toBe(12);
    const none = await analyst(listPostsContract, { type: 1, textSearch: tag });
    expect(none).toEqual({ data: [], totalRecord: 0 });
    const both = await analyst(listPostsContract, { textSearch: tag, limit: 100 });
    expect(both.totalRecord).toBe(12);
  });

  it('searches the title and the text of the body case-insensitively, not the markup', async () => {
    const word = `zebra${Date.now().toString(36)}`;
    const inTitle = await create(admin, { title: `About ${word.toUpperCase()} title` });
    const inBody = await create(admin, { title: uniqueTitle('Body match'), body: `<p>the <b>${word}</b> is here</p>` });
    const inMarkup = await create(admin, { title: uniqueTitle('Markup only'), body: `<a href="https://example.com/${word}">link</a>` });
    const { data, totalRecord } = await analyst(listPostsContract, { textSearch: word, limit: 100 });
    expect(data.map((p) => p.id).sort()).toEqual([inTitle.id, inBody.id].sort());
    expect(totalRecord).toBe(2);
    expect(data.map((p) => p.id)).not.toContain(inMarkup.id);
    // % and _ are searched as themselves, not as wildcards: "50%_%" finds only the title holding them.
    const literal = await create(admin, { title: `${word} 50%_% off` });
    const lookalike = await create(admin, { title: `${word} 50%ab off` });
    const wildcard = await analyst(listPostsContract, { textSearch: `${word} 50%_%`, limit: 100 });
    expect(wildcard).toEqual({ data: [expect.objectContaining({ id: literal.id, title: literal.title })], totalRecord: 1 });
    expect((await analyst(listPostsContract, { textSearch: `${word} 50%`, limit: 100 })).data.map((p) => p.id).sort()).toEqual([literal.id, lookalike.id].sort());
  });

  it('validates type, page and limit with 400 naming the field', async () => {
    for (const [query, field] of [['type=3', 'type'], ['page=0', 'page'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['type=abc', 'type']]) {
      const response = await raw('GET', `/api/notificationGsm/listNotificationGsm?${query}`, { token: analyst.tokens.accessToken });
      expect(response.status, query).toBe(400);
      expect(response.json.message).toContain(field);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await raw('GET', '/api/notificationGsm/listNotificationGsm');
    expect(response.status).toBe(401);
  });
});

describe('per-user read, archive and remove', () => {
  it('keeps read and archived per account: analyst and pm do not affect each other', async () => {
    const post = await create(admin, { type: 1 });
    const [analystBefore, pmBefore] = [await count(analyst), await count(pm)];

    await analyst(readPostContract, { postId: post.id });
    expect(await count(analyst)).toBe(analystBefore - 1);
    expect(await count(pm)).toBe(pmBefore);
    expect((await analyst(userPostDataContract)).data.read).toContain(post.id);
    expect((await pm(userPostDataContract)).data.read).not.toContain(post.id);
    // Reading twice changes nothing.
    await analyst(readPostContract, { postId: post.id });
    expect(await count(analyst)).toBe(analystBefore - 1);

    await pm(archivePostContract, { postId: post.id });
    const pmLists = await findInLists(pm, post.title);
    expect(pmLists.important).toEqual([]);
    expect(pmLists.archived.map((p) => p.id)).toEqual([post.id]);
    const analystLists = await findInLists(analyst, post.title);
    expect(analystLists.important.map((p) => p.id)).toEqual([post.id]);
    expect(analystLists.archived).toEqual([]);
    const pmData = (await pm(userPostDataContract)).data;
    expect(pmData.archived).toContain(post.id);
    // Archiving marks read.
    expect(pmData.read).toContain(post.id);
    expect(await count(pm)).toBe(pmBefore - 1);
    const info = await pm(accountInfoContract);
    expect(info.data.countNotification).toBe(pmBefore - 1);
    expect((await analyst(userPostDataContract)).data.archived).not.toContain(post.id);
  });

  it('lists the archive most recently archived first; remove puts the post back in the lists', async () => {
    const first = await create(admin);
    const second = await create(admin, { type: 1 });
    await pm(archivePostContract, { postId: second.id });
    await pm(archivePostContract, { postId: first.id });
    const { data: archive } = await pm(listArchivedPostsContract);
    expect(archive.slice(0, 2).map((p) => p.id)).toEqual([first.id, second.id]);

    await pm(removeArchivedPostContract, { postId: second.id });
    const lists = await findInLists(pm, second.title);
    expect(lists.archived).toEqual([]);
    expect(lists.important.map((p) => p.id)).toEqual([second.id]);
    expect((await pm(userPostDataContract)).data.archived).not.toContain(second.id);
    expect((await pm(userPostDataContract)).data.read).toContain(second.id);
  });

  it('a new post raises every account\'s unread count by one', async () => {
    const before = await count(analyst);
    await create(admin);
    expect(await count(analyst)).toBe(before + 1);
  });

  it('a post does not count as unread for its author, and reads as read on their board', async () => {
    const [authorBefore, otherBefore] = [await count(admin), await count(analyst)];
    const post = await create(admin);
    expect(await count(admin)).toBe(authorBefore);
    expect(await count(analyst)).toBe(otherBefore + 1);
    expect((await admin(userPostDataContract)).data.read).toContain(post.id);
  });

  it('answers 400 naming postId when it is missing and 404 for an unknown id', async () => {
    for (const path of ['read', 'archive', 'remove']) {
      const missing = await raw('POST', `/api/notificationGsm/${path}`, { body: '{}', token: analyst.tokens.accessToken });
      expect(missing.status, path).toBe(400);
      expect(missing.json.message).toContain('postId');
      const unknown = await raw('POST', `/api/notificationGsm/${path}`, { body: JSON.stringify({ postId: 99_999_999 }), token: analyst.tokens.accessToken });
      expect(unknown.status, path).toBe(404);
    }
  });

  it('answers the account id with its lists', async () => {
    const own = await ownAccount('posts-lists');
    const fresh = (await own(userPostDataContract)).data;
    expect(fresh).toEqual({ id: expect.any(Number), read: [], archived: [] });
    // Another account has another id.
    expect((await analyst(userPostDataContract)).data.id).not.toBe(fresh.id);
    const [read, archived] = [await create(admin), await create(admin)];
    await own(readPostContract, { postId: read.id });
    await own(archivePostContract, { postId: archived.id });
    const after = (await own(userPostDataContract)).data;
    expect({ ...after, read: [...after.read].sort((a, b) => a - b) }).toEqual({ id: fresh.id, read: [read.id, archived.id].sort((a, b) => a - b), archived: [archived.id] });
  });
});

describe('unpublished posts (drafts)', () => {
  it('are seen only by accounts with push_notification_edit and never counted as unread', async () => {
    const before = await count(analyst);
    const draft = await create(admin, { publish: false, type: 1 });
    expect(await count(analyst)).toBe(before);
    expect((await findInLists(analyst, draft.title)).important).toEqual([]);
    expect((await findInLists(pm, draft.title)).important.map((p) => p.id)).toEqual([draft.id]);
    expect((await rejection(analyst(readPostContract, { postId: draft.id }))).status).toBe(404);
    await admin(updatePostContract, { id: draft.id, publish: true });
    expect(await count(analyst)).toBe(before + 1);
    expect((await findInLists(analyst, draft.title)).important.map((p) => p.id)).toEqual([draft.id]);
  });
});

describe('special post (api/postGsm)', () => {
  it('answers finance_info_post with title, body and id, and keeps it out of the board', async () => {
    const { data } = await analyst(specialPostContract, { title: 'finance_info_post' });
    expect(data).toEqual({ id: expect.any(Number), title: 'finance_info_post', body: expect.any(String) });
    const { data: all } = await root(listPostsContract, { limit: 100, textSearch: 'finance_info_post' });
    expect(all.map((p) => p.id)).not.toContain(data.id);
    expect((await rejection(analyst(readPostContract, { postId: data.id }))).status).toBe(404);
    expect((await rejection(root(updatePostContract, { id: data.id, title: 'x' }))).status).toBe(404);
    const unknown = await raw('GET', '/api/postGsm/detail?title=other', { token: analyst.tokens.accessToken });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('title');
  });

  it('lets admin, root, PO-Marketing update it (sanitised) and refuses others with 403', async () => {
    const { data: note } = await analyst(specialPostContract, { title: 'finance_info_post' });
    const { data: saved } = await marketing(updateSpecialPostContract, { id: note.id, title: note.title, body: '<p>Data refresh at <b>8:30</b><script>x()</script></p>' });
    expect(saved).toEqual({ id: note.id, title: 'finance_info_post', body: '<p>Data refresh at <b>8:30</b></p>' });
    expect((await pm(specialPostContract, { title: 'finance_info_post' })).data.body).toBe(saved.body);
    await admin(updateSpecialPostContract, { id: note.id, title: note.title, body: '<p>admin</p>' });
    await root(updateSpecialPostContract, { id: note.id, title: note.title, body: '<p>root</p>' });
    for (const session of [analyst, pm]) {
      const error = await rejection(session(updateSpecialPostContract, { id: note.id, title: note.title, body: 'nope' }));
      expect(error.status).toBe(403);
      expect(error.message).toBe(MESSAGES.permissionInvalid);
    }
    expect((await analyst(specialPostContract, { title: 'finance_info_post' })).data.body).toBe('<p>root</p>');
  });

  it('refuses server times, a changed title and an id that is not a special post', async () => {
    const { data: note } = await analyst(specialPostContract, { title: 'finance_info_post' });
    const withTime = await raw('PUT', '/api/postGsm/update', { body: JSON.stringify({ ...note, updatedAt: new Date().toISOString() }), token: root.tokens.accessToken });
    expect(withTime.status).toBe(400);
    expect(withTime.json.message).toContain('updatedAt');
    const renamed = await rejection(root(updateSpecialPostContract, { id: note.id, title: 'renamed', body: '' }));
    expect(renamed.status).toBe(400);
    expect(renamed.message).toContain('title');
    const post = await create(admin);
    expect((await rejection(root(updateSpecialPostContract, { id: post.id, title: post.title, body: '' }))).status).toBe(404);
  });
});
