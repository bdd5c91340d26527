import { describe, expect, it } from 'vitest';
import { accountLogContract } from '../../src/lib/logs/contract';
import { researchDeleteContract, researchListContract, researchReadContract, researchSaveContract, researchVersionsContract } from '../../src/lib/research/contract';
import { ownAccount, raw, rejection, signedInAs, uniqueName } from './helpers';

/** Research notes over HTTP: markdown rendered safely on the server, every save kept as a version, writers limited. */
const ROUTE = { paths: ['/research/index'] };

describe('research notes', () => {
  it('creates, lists, searches, edits with history kept, reads any version, and deletes, auditing each change', async () => {
    const writer = await ownAccount('res-writer', { ...ROUTE, listApp: ['com.gsm.blockpuzzle'] });
    const title = uniqueName('Retention study');
    const tag = uniqueName('tag').toLowerCase();
    const created = (await writer(researchSaveContract, { title, body: '## Result\nD1 **up** 2 points.', tags: [tag, 'retention'], appIds: ['com.gsm.blockpuzzle'], attachments: ['https://files.example.com/study.xlsx'] } as never)).data;
    expect(created).toMatchObject({ title, author: writer.username, version: 1, tags: [tag, 'retention'], appIds: ['com.gsm.blockpuzzle'], canEdit: true });

    const found = await writer(researchListContract, { textSearch: title, page: 1, limit: 20 });
    expect(found.data.map((n) => n.id)).toEqual([created.id]);
    expect((await writer(researchListContract, { tag, page: 1, limit: 20 })).data.map((n) => n.id)).toEqual([created.id]);
    // Fuzzy (fuse.js): a typo in the search still finds it, best match first.
    const typo = title.replace('Retention', 'Retnetion');
    expect((await writer(researchListContract, { textSearch: typo, page: 1, limit: 20 })).data[0]?.id).toBe(created.id);

    const saved = (await writer(researchSaveContract, { id: created.id, title: `${title} (final)`, body: 'Confirmed by the A/B test.', tags: [tag] } as never)).data;
    expect([saved.version, saved.title]).toEqual([2, `${title} (final)`]);
    const versions = (await writer(researchVersionsContract, { id: created.id })).data;
    expect(versions.map((v) => [v.version, v.title, v.current])).toEqual([[2, `${title} (final)`, true], [1, title, false]]);
    const first = (await writer(researchReadContract, { id: created.id, version: 1 })).data;
    expect(first.html).toContain('<h2>Result</h2>');
    expect(first.html).toContain('<strong>up</strong>');
    expect((await writer(researchReadContract, { id: created.id })).data).toMatchObject({ version: 2, html: '<p>Confirmed by the A/B test.</p>' });

    await writer(researchDeleteContract, { id: created.id });
    expect((await writer(researchListContract, { textSearch: title, page: 1, limit: 20 })).data).toEqual([]);
    const gone = await rejection(writer(researchReadContract, { id: created.id }));
    expect([gone.status, gone.serverMessage]).toEqual([404, `Research note ${created.id} does not exist.`]);

    const root = await signedInAs('root');
    const log = await root(accountLogContract, { entity: 'research_note', page: 1, limit: 100 } as never);
    const mine = log.data.filter((e: { entityId: string }) => e.entityId === String(created.id)).map((e: { action: string }) => e.action);
    expect(mine.sort()).toEqual(['research_create', 'research_delete', 'research_update']);
  });

  it('renders markdown with scripts, handlers and javascript: links made inert', async () => {
    const writer = await ownAccount('res-xss', ROUTE);
    const body = [
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<a href="https://example.com" onclick="alert(4)">ok link</a>',
      '| a | b |\n|---|---|\n| 1 | 2 |',
    ].join('\n\n');
    const note = (await writer(researchSaveContract, { title: uniqueName('Unsafe'), body } as never)).data;
    const { html } = (await writer(researchReadContract, { id: note.id })).data;
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok link</a>');
    expect(html).toContain('<td>1</td>');
    // The markdown itself is kept as typed, for editing.
    expect((await writer(researchListContract, { textSearch: note.title, page: 1, limit: 5 })).data[0]!.body).toBe(body);
  });

  it('lets only the author or research_edit change a note, and only accounts with the route see any', async () => {
    const author = await ownAccount('res-author', ROUTE);
    const colleague = await ownAccount('res-colleague', ROUTE);
    const editor = await ownAccount('res-editor', { ...ROUTE, privateActions: ['research_edit'] });
    const outsider = await ownAccount('res-outsider', { paths: ['/dashboard'] });
    const note = (await author(researchSaveContract, { title: uniqueName('Owned') } as never)).data;

    const seen = (await colleague(researchListContract, { textSearch: note.title, page: 1, limit: 5 })).data[0]!;
    expect(seen.canEdit).toBe(false);
    const refused = await rejection(colleague(researchSaveContract, { id: note.id, title: 'taken over' } as never));
    expect([refused.status, refused.serverMessage]).toEqual([403, `Only ${author.username} or an account with research_edit may edit this note.`]);
    expect((await rejection(colleague(researchDeleteContract, { id: note.id }))).status).toBe(403);
    expect((await rejection(outsider(researchListContract, { page: 1, limit: 5 }))).status).toBe(403);
    expect((await rejection(outsider(researchReadContract, { id: note.id }))).status).toBe(403);

    expect((await editor(researchListContract, { textSearch: note.title, page: 1, limit: 5 })).data[0]!.canEdit).toBe(true);
    expect((await editor(researchSaveContract, { id: note.id, title: `${note.title} edited` } as never)).data).toMatchObject({ version: 2, author: author.username, updatedBy: editor.username });
    await editor(researchDeleteContract, { id: note.id });
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const writer = await ownAccount('res-bad', ROUTE);
    const title = uniqueName('Bad');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: '' }, /^title: is required/],
      [{ title, attachments: ['http://plain.example.com/a.pdf'] }, /^attachments\.0: must be https:\/\/ links/],
      [{ title, attachments: ['javascript:alert(1)'] }, /^attachments\.0: must be https:\/\/ links/],
      [{ title, tags: ['<b>'] }, /^tags\.0: must be words/],
      [{ title, appIds: ['com.no.such.app'] }, /^appIds: app "com\.no\.such\.app" does not exist or is not visible to you\.$/],
      [{ title: `${title}\u202E` }, /^title: must not contain invisible or direction-changing characters/],
      [{ id: 999_999_999, title }, /^Research note 999999999 does not exist\.$/],
    ];
    for (const [body, message] of cases) {
      const answer = await raw('POST', '/api/research/save', { body: JSON.stringify(body), token: writer.tokens.accessToken });
      expect([answer.status, answer.json.message], JSON.stringify(body)).toEqual([expect.any(Number), expect.stringMatching(message)]);
      expect(answer.status === 400 || answer.status === 404).toBe(true);
    }
    expect((await writer(researchListContract, { textSearch: title, page: 1, limit: 5 })).data).toEqual([]);
  });

  it('follows app visibility: a note linked to an app the account cannot see is not listed, read, versioned, edited or deleted', async () => {
    const puzzle = await ownAccount('res-puzzle', { ...ROUTE, listApp: ['com.gsm.blockpuzzle', 'com.gsm.tilematch'] });
    const casual = await ownAccount('res-casual', { ...ROUTE, listApp: ['com.gsm.wordquest'], privateActions: ['research_edit'] });
    const everyApp = await ownAccount('res-all', { ...ROUTE, canViewAllApp: true });
    const tag = uniqueName('vis').toLowerCase();
    const note = (await puzzle(researchSaveContract, { title: uniqueName('Tile Match funnel'), tags: [tag], appIds: ['com.gsm.tilematch'] } as never)).data;
    const both = (await puzzle(researchSaveContract, { title: uniqueName('Puzzle portfolio'), tags: [tag], appIds: ['com.gsm.blockpuzzle', 'com.gsm.tilematch'] } as never)).data;
    const studio = (await casual(researchSaveContract, { title: uniqueName('Studio-wide'), tags: [tag] } as never)).data;
    const onlyBlock = await ownAccount('res-block', { ...ROUTE, listApp: ['com.gsm.blockpuzzle'] });

    // Listing (paged in SQL, and the fuzzy search): only notes whose every app the account sees, and notes without apps.
    const ids = async (session: typeof puzzle, input: Record<string, unknown>) => (await session(researchListContract, { page: 1, limit: 50, ...input } as never)).data.map((n) => n.id).sort((a, b) => a - b);
    expect(await ids(puzzle, { tag })).toEqual([note.id, both.id, studio.id]);
    expect(await ids(everyApp, { tag })).toEqual([note.id, both.id, studio.id]);
    expect(await ids(casual, { tag })).toEqual([studio.id]);
    expect(await ids(onlyBlock, { tag })).toEqual([studio.id]);
    expect(await ids(casual, { textSearch: note.title })).toEqual([]);
    expect((await casual(researchListContract, { tag, page: 1, limit: 50 })).totalRecord).toBe(1);

    // Read, versions, edit and delete answer as for a note that does not exist (research_edit does not widen it).
    for (const [session, id] of [[casual, note.id], [onlyBlock, both.id]] as const) {
      for (const attempt of [
        () => session(researchReadContract, { id }),
        () => session(researchVersionsContract, { id }),
        () => session(researchSaveContract, { id, title: 'taken over' } as never),
        () => session(researchDeleteContract, { id }),
      ]) {
        const refused = await rejection(attempt());
        expect([refused.status, refused.serverMessage]).toEqual([404, `Research note ${id} does not exist.`]);
      }
    }
    expect((await puzzle(researchReadContract, { id: note.id })).data).toMatchObject({ id: note.id, version: 1, title: note.title });

    // A note moved to a visible app becomes visible; its kept version linked to the hidden app stays out of reach.
    await puzzle(researchSaveContract, { id: both.id, title: both.title, tags: [tag], appIds: ['com.gsm.blockpuzzle'] } as never);
    expect((await onlyBlock(researchVersionsContract, { id: both.id })).data.map((v) => v.version)).toEqual([2]);
    const old = await rejection(onlyBlock(researchReadContract, { id: both.id, version: 1 }));
    expect([old.status, old.serverMessage]).toEqual([404, `Research note ${both.id} has no version 1.`]);
    expect((await puzzle(researchVersionsContract, { id: both.id })).data.map((v) => v.version)).toEqual([2, 1]);
    // Nothing was changed by the refused writes.
    expect((await puzzle(researchReadContract, { id: note.id })).data.title).toBe(note.title);
  });
});
