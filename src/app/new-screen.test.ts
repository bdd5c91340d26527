import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractsFor, listPage, removedId, serialId, textSearch } from '../lib/contract';
import { defineResource, ofEditedRow } from '../lib/resources/define';
import { resourceApi } from '../lib/resources/serve';
import type { ApiContext } from '../lib/server/api/handler';
import { deriveScreens } from './screens';

/**
 * The recipe "a new CRUD screen in an existing area = contract + service + descriptor + test" (issue 40),
 * shown on a throw-away screen: every route of the spec already has its screen, so there is no real one
 * left to add. The three sections below stand for the three files (contract.ts, service.ts, resources.ts);
 * this file is the fourth. Nothing else is written: the API handlers come from the descriptor's `serve`
 * (the area's manifest gives its descriptors and service module once) and the route's screen from its
 * `route` (the route table keeps the spec's path and permissions, without a `screen:` line).
 */

// — contract.ts: the spec's paths and payloads, access from the route.
const route = '/tools/bookmarks';
const area = contractsFor({ route });
const bookmark = z.object({ id: z.number(), title: z.string(), url: z.string() });
const listBookmarksContract = area.get('/api/tools/bookmarks/list', z.object({ ...listPage(), textSearch }), z.array(bookmark), { list: true });
const saveBookmarkContract = contractsFor({ route, actions: ['config_edit'] }).post(
  '/api/tools/bookmarks/save',
  z.object({ id: serialId('a bookmark').optional(), title: z.string().trim().min(1, 'is required'), url: z.string().url('must be a link') }),
  bookmark,
);
const deleteBookmarkContract = contractsFor({ route, actions: ['config_edit'] }).delete('/api/tools/bookmarks/delete', z.object({ id: serialId('a bookmark') }), removedId);

// — service.ts: plain functions over the database (here an array), `(db, who, input)`.
const calls: string[] = [];
const services = {
  listBookmarks: async (_db: unknown, viewer: { username: string }, input: { page: number; limit: number }) => {
    calls.push(`list by ${viewer.username} page ${input.page}`);
    return { data: [{ id: 1, title: 'Store', url: 'https://store.example' }], totalRecord: 1 };
  },
  saveBookmark: async (_db: unknown, actor: { account: { username: string } }, input: { title: string; url: string }) => {
    calls.push(`save by ${actor.account.username}`);
    return { id: 2, ...input };
  },
  deleteBookmark: async (_db: unknown, _actor: unknown, input: { id: number }) => ({ id: input.id }),
};

// — resources.ts: the descriptor, naming its route and its service functions.
const bookmarksResource = defineResource({
  id: 'bookmarks',
  singular: 'bookmark',
  route,
  serve: { list: 'listBookmarks', save: 'saveBookmark', remove: 'deleteBookmark' },
  contracts: { list: listBookmarksContract, save: saveBookmarkContract, remove: deleteBookmarkContract },
  rowLabel: (r) => r.title,
  columns: [
    { key: 'title', label: 'Title' },
    { key: 'url', label: 'Link', show: 'code' },
  ],
  form: [
    { key: 'title', label: 'Title', input: 'text' },
    { key: 'url', label: 'Link', input: 'text' },
  ],
  initial: () => ({ title: '', url: '' }),
  createLabel: 'Add bookmark',
  empty: 'No bookmark yet.',
  fixed: ofEditedRow('id'),
  toasts: { saved: (r) => `Bookmark ${r.title} saved`, removed: (r) => `Bookmark ${r.title} deleted` },
});

// — the test.
const ctx = { db: {}, viewer: { username: 'pm' }, actor: { account: { username: 'pm' }, ip: '127.0.0.1', requestId: 'r1' } } as unknown as ApiContext; // only what the derived handlers read

describe('a new list-and-form screen from its descriptor alone', () => {
  it('gets its API handlers from the names the descriptor gives', async () => {
    const handlers = resourceApi({ descriptors: [bookmarksResource], services });
    expect(handlers.map((h) => `${h.contract.method} ${h.contract.path}`)).toEqual([
      'GET /api/tools/bookmarks/list',
      'POST /api/tools/bookmarks/save',
      'DELETE /api/tools/bookmarks/delete',
    ]);
    expect(await handlers[0]!.run({ page: 1, limit: 20 }, ctx)).toEqual({ data: [{ id: 1, title: 'Store', url: 'https://store.example' }], totalRecord: 1 });
    expect(await handlers[1]!.run({ title: 'Docs', url: 'https://docs.example' }, ctx)).toEqual({ data: { id: 2, title: 'Docs', url: 'https://docs.example' } });
    expect(await handlers[2]!.run({ id: 7 }, ctx)).toEqual({ data: { id: 7 } });
    expect(calls).toEqual(['list by pm page 1', 'save by pm']);
  });

  it('answers a list that is not server-paged as { data }', async () => {
    const plain = defineResource({
      id: 'plain',
      singular: 'bookmark',
      contracts: { list: area.get('/api/tools/bookmarks/all', z.object({}), z.array(bookmark)) },
      serve: { list: 'all' },
      rowLabel: (r) => r.title,
      columns: [{ key: 'title', label: 'Title' }],
      empty: 'No bookmark yet.',
    });
    const [list] = resourceApi({ descriptors: [plain], services: { all: async () => [] } });
    expect(await list!.run({}, ctx)).toEqual({ data: [] });
  });

  it('refuses a name the service module does not export, or an operation without its contract', () => {
    expect(() => resourceApi({ descriptors: [bookmarksResource], services: { ...services, saveBookmark: undefined } })).toThrow(
      "resource bookmarks: serve.save names saveBookmark, which the area's service module does not export",
    );
    const listOnly = defineResource({ ...bookmarksResource, contracts: { list: listBookmarksContract } });
    expect(() => resourceApi({ descriptors: [listOnly], services })).toThrow('resource bookmarks: serve.save names saveBookmark but the descriptor has no save contract');
  });

  it('gets its route screen from the descriptor: the route table needs no screen line', () => {
    expect(deriveScreens([], [bookmarksResource]).get(route)).toBe('resource:bookmarks');
  });
});
