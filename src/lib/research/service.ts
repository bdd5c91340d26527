import Fuse from 'fuse.js';
import { marked } from 'marked';
import type { Actor, SessionAccount } from '../auth/types';
import { mayViewApp, seesAllApps, visibleApps } from '../apps/service';
import { hasAnyAction } from '../permissions';
import { sanitizeMarkdownHtml } from '../posts/sanitize';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { HttpError } from '../server/errors';
import { RESEARCH_EDIT_ACTION, type ResearchRow, type ResearchVersionRow } from './contract';

interface DbNote {
  id: number;
  title: string;
  body: string;
  tags: string[];
  app_ids: string[];
  attachments: string[];
  author: string;
  updated_by: string;
  version: number;
  updated_at: Date | string;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const mayEditAny = (viewer: SessionAccount) => hasAnyAction(viewer, [RESEARCH_EDIT_ACTION]);
const mayEdit = (viewer: SessionAccount, author: string) => author === viewer.username || mayEditAny(viewer);

function toRow(n: DbNote, viewer: SessionAccount): ResearchRow {
  return {
    id: Number(n.id), title: n.title, body: n.body, tags: n.tags, appIds: n.app_ids, attachments: n.attachments,
    author: n.author, updatedBy: n.updated_by, version: Number(n.version), updatedAt: iso(n.updated_at), canEdit: mayEdit(viewer, n.author),
  };
}

/** Markdown to HTML for reading, sanitised on the server: what a note's author typed never runs in a reader's page. */
export function renderNote(markdown: string): string {
  return sanitizeMarkdownHtml(marked.parse(markdown, { async: false, gfm: true }) as string);
}

const notFound = (id: number) => new HttpError(404, `Research note ${id} does not exist.`);

/**
 * App visibility, as for every app-linked record (src/lib/apps/service.ts): a note linked to apps is the
 * viewer's to see only when the viewer sees every one of them — a note about two games speaks about both.
 * A note without apps is studio-wide. A note the viewer may not see answers as if it did not exist (404), as
 * live events do, so its id tells nothing.
 */
const noteVisible = (viewer: SessionAccount, appIds: readonly string[]) => appIds.every((appId) => mayViewApp(viewer, appId));

/** The same rule as SQL over research_notes.app_ids (or research_note_versions.app_ids); appends its parameter. */
function visibleNoteCondition(viewer: SessionAccount, params: unknown[]): string {
  if (seesAllApps(viewer)) return 'true';
  params.push([...viewer.listApp]);
  return `app_ids <@ $${params.length}::text[]`;
}

/**
 * Fuzzy search (fuse.js, as the issue asks): a typo or a word's other form still finds a note. Title counts most,
 * then tags, then the body; results in order of relevance. A studio keeps hundreds or a few thousand notes, so
 * the search reads every note's searchable text, ranks in the process, and then pages.
 */
const SEARCH = { keys: [{ name: 'title', weight: 0.5 }, { name: 'tags', weight: 0.3 }, { name: 'body', weight: 0.2 }], threshold: 0.35, ignoreLocation: true, minMatchCharLength: 2 };

export async function listNotes(db: Sql, viewer: SessionAccount, input: { textSearch?: string; tag?: string; page: number; limit: number }) {
  const params: unknown[] = [];
  const where: string[] = [visibleNoteCondition(viewer, params)];
  if (input.tag) {
    params.push(input.tag.toLowerCase());
    where.push(`$${params.length} = ANY(tags)`);
  }
  const condition = where.join(' AND ');
  const offset = (input.page - 1) * input.limit;
  if (input.textSearch) {
    const all = await db.query<{ id: number; title: string; tags: string[]; body: string }>(`SELECT id, title, tags, body FROM research_notes WHERE ${condition}`, params);
    const ranked = new Fuse(all, SEARCH).search(input.textSearch).map((r) => Number(r.item.id));
    const ids = ranked.slice(offset, offset + input.limit);
    const rows = ids.length ? await db.query<DbNote>('SELECT * FROM research_notes WHERE id = ANY($1::int[])', [ids]) : [];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return { data: ids.flatMap((id) => (byId.has(id) ? [toRow(byId.get(id)!, viewer)] : [])), totalRecord: ranked.length };
  }
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM research_notes WHERE ${condition}`, params);
  const rows = await db.query<DbNote>(`SELECT * FROM research_notes WHERE ${condition} ORDER BY updated_at DESC, id DESC LIMIT ${input.limit} OFFSET ${offset}`, params);
  return { data: rows.map((r) => toRow(r, viewer)), totalRecord: total?.n ?? 0 };
}

/** Linked apps must exist and be visible to the writer: 400 naming the first that is not. */
async function checkApps(db: Sql, viewer: SessionAccount, appIds: string[]): Promise<string[]> {
  if (!appIds.length) return [];
  const visible = new Set((await visibleApps(db, viewer)).map((a) => a.id));
  const unknown = appIds.find((a) => !visible.has(a));
  if (unknown) throw new HttpError(400, `appIds: app "${unknown}" does not exist or is not visible to you.`);
  return [...new Set(appIds)];
}

interface SaveInput {
  id?: number;
  title: string;
  body: string;
  tags: string[];
  appIds: string[];
  attachments: string[];
}

/**
 * Creates a note (the writer is its author) or saves a new version of one: the state it replaces is kept in
 * research_note_versions, and the audit row is written in the same transaction.
 */
export async function saveNote(db: Db, actor: Actor, input: SaveInput): Promise<ResearchRow> {
  const viewer = actor.account;
  const tags = [...new Set(input.tags)];
  const attachments = [...new Set(input.attachments)];
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      const apps = await checkApps(tx, viewer, input.appIds);
      const row = await tx.one<DbNote>(
        `INSERT INTO research_notes (title, body, tags, app_ids, attachments, author, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
        [input.title, input.body, tags, apps, attachments, viewer.username],
      );
      await auditAs(tx, actor, { action: 'research_create', entity: 'research_note', entityId: row!.id, after: { title: input.title, tags, appIds: apps } });
      return toRow(row!, viewer);
    }
    const before = await tx.one<DbNote>('SELECT * FROM research_notes WHERE id = $1 FOR UPDATE', [input.id]);
    if (!before || !noteVisible(viewer, before.app_ids)) throw notFound(input.id);
    if (!mayEdit(viewer, before.author)) throw new HttpError(403, `Only ${before.author} or an account with research_edit may edit this note.`);
    const apps = await checkApps(tx, viewer, input.appIds);
    await tx.query(
      `INSERT INTO research_note_versions (note_id, version, title, body, tags, app_ids, attachments, saved_by, saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [before.id, before.version, before.title, before.body, before.tags, before.app_ids, before.attachments, before.updated_by, before.updated_at],
    );
    const row = await tx.one<DbNote>(
      `UPDATE research_notes SET title = $2, body = $3, tags = $4, app_ids = $5, attachments = $6, updated_by = $7, version = version + 1, updated_at = now() WHERE id = $1 RETURNING *`,
      [input.id, input.title, input.body, tags, apps, attachments, viewer.username],
    );
    await auditAs(tx, actor, {
      action: 'research_update', entity: 'research_note', entityId: input.id,
      before: { version: Number(before.version), title: before.title, tags: before.tags, appIds: before.app_ids }, after: { version: Number(row!.version), title: input.title, tags, appIds: apps },
    });
    return toRow(row!, viewer);
  });
}

export async function deleteNote(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  const viewer = actor.account;
  return db.transaction(async (tx) => {
    const before = await tx.one<DbNote>('SELECT * FROM research_notes WHERE id = $1 FOR UPDATE', [id]);
    if (!before || !noteVisible(viewer, before.app_ids)) throw notFound(id);
    if (!mayEdit(viewer, before.author)) throw new HttpError(403, `Only ${before.author} or an account with research_edit may delete this note.`);
    await tx.query('DELETE FROM research_notes WHERE id = $1', [id]);
    await auditAs(tx, actor, { action: 'research_delete', entity: 'research_note', entityId: id, before: { title: before.title, version: Number(before.version), author: before.author } });
    return { id };
  });
}

/** A note (its current version, or a kept one) rendered for reading; a kept version linked to apps the viewer does not see is not there for it. */
export async function readNote(db: Sql, viewer: SessionAccount, id: number, version?: number) {
  const current = await db.one<DbNote>('SELECT * FROM research_notes WHERE id = $1', [id]);
  if (!current || !noteVisible(viewer, current.app_ids)) throw notFound(id);
  if (version === undefined || version === Number(current.version)) {
    return { id, version: Number(current.version), title: current.title, html: renderNote(current.body), savedBy: current.updated_by, savedAt: iso(current.updated_at) };
  }
  const old = await db.one<{ title: string; body: string; app_ids: string[]; saved_by: string; saved_at: Date | string }>(
    'SELECT title, body, app_ids, saved_by, saved_at FROM research_note_versions WHERE note_id = $1 AND version = $2',
    [id, version],
  );
  if (!old || !noteVisible(viewer, old.app_ids)) throw new HttpError(404, `Research note ${id} has no version ${version}.`);
  return { id, version, title: old.title, html: renderNote(old.body), savedBy: old.saved_by, savedAt: iso(old.saved_at) };
}

/** Every version of a note the viewer may read, newest first: the current one, then the kept ones. */
export async function noteVersions(db: Sql, viewer: SessionAccount, id: number): Promise<ResearchVersionRow[]> {
  const current = await db.one<DbNote>('SELECT * FROM research_notes WHERE id = $1', [id]);
  if (!current || !noteVisible(viewer, current.app_ids)) throw notFound(id);
  const params: unknown[] = [id];
  const kept = await db.query<{ version: number; title: string; saved_by: string; saved_at: Date | string }>(
    `SELECT version, title, saved_by, saved_at FROM research_note_versions WHERE note_id = $1 AND ${visibleNoteCondition(viewer, params)} ORDER BY version DESC`,
    params,
  );
  return [
    { noteId: id, version: Number(current.version), title: current.title, savedBy: current.updated_by, savedAt: iso(current.updated_at), current: true },
    ...kept.map((k) => ({ noteId: id, version: Number(k.version), title: k.title, savedBy: k.saved_by, savedAt: iso(k.saved_at), current: false })),
  ];
}
