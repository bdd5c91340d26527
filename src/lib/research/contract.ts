import { z } from 'zod';
import { contractsFor, listPage, removedId, serialId, textSearch } from '../contract';

/**
 * Research notes (/research/index): the studio's write-ups — market research, post-mortems, test results — as
 * markdown, with tags, linked apps and attachment links. Anyone with the route reads and writes their own notes;
 * editing or deleting another's needs `research_edit`. Every save keeps the previous version.
 */
export const RESEARCH_ROUTE = '/research/index';
export const RESEARCH_EDIT_ACTION = 'research_edit';

const id = serialId();
const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(/[\n,]+/).map((s) => s.trim()).filter(Boolean) : v), z.array(item).max(max, `must be at most ${max} ${what}`));

export const researchRow = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  appIds: z.array(z.string()),
  attachments: z.array(z.string()),
  author: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** Whether the viewer may edit or delete it (its author, or research_edit). */
  canEdit: z.boolean(),
});
export type ResearchRow = z.infer<typeof researchRow>;

const researchApi = contractsFor({ route: RESEARCH_ROUTE });

export const researchListContract = researchApi.get(
  '/api/research/list',
  z.object({
    textSearch,
    tag: z.string().trim().max(40).optional(),
    ...listPage(),
  }),
  z.array(researchRow),
  { list: true },
);

export const researchSaveContract = researchApi.post(
  '/api/research/save',
  z.object({
    id: id.optional(),
    // Invisible and direction-changing characters in the title are refused by the request reading (text-safety).
    title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    body: z.string().max(100_000, 'must be at most 100,000 characters').default(''),
    tags: list(z.string().trim().toLowerCase().regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,39}$/u, 'must be words of letters, digits, spaces, _ . - (at most 40 characters)'), 20, 'tags').default([]),
    appIds: list(z.string().trim().min(1).max(100), 50, 'apps').default([]),
    attachments: list(z.string().trim().max(2000).regex(/^https:\/\/[^\s<>"']+$/i, 'must be https:// links (for example a file in the studio\'s S3)'), 20, 'links').default([]),
  }),
  researchRow,
);

export const researchDeleteContract = researchApi.post('/api/research/delete', z.object({ id }), removedId);

/** One note rendered for reading: the markdown turned into HTML and sanitised on the server. */
export const researchReadContract = researchApi.get(
  '/api/research/read',
  z.object({ id, version: serialId().optional() }),
  z.object({ id: z.number().int(), version: z.number().int(), title: z.string(), html: z.string(), savedBy: z.string(), savedAt: z.string() }),
);

export const researchVersionRow = z.object({
  noteId: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  savedBy: z.string(),
  savedAt: z.string(),
  current: z.boolean(),
});
export type ResearchVersionRow = z.infer<typeof researchVersionRow>;

export const researchVersionsContract = researchApi.get('/api/research/versions', z.object({ id }), z.array(researchVersionRow));
