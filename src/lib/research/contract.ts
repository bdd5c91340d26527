import { z } from 'zod';
import { MAX_SERIAL_ID, defineContract } from '../contract';

/**
 * Research notes (/research/index): the studio's write-ups — market research, post-mortems, test results — as
 * markdown, with tags, linked apps and attachment links. Anyone with the route reads and writes their own notes;
 * editing or deleting another's needs `research_edit`. Every save keeps the previous version.
 */
export const RESEARCH_ROUTE = '/research/index';
export const RESEARCH_EDIT_ACTION = 'research_edit';

const id = z.coerce.number<string | number>().int().positive().max(MAX_SERIAL_ID);
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

export const researchListContract = defineContract({
  method: 'GET',
  path: '/api/research/list',
  request: z.object({
    textSearch: z.string().trim().max(100).optional(),
    tag: z.string().trim().max(40).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  data: z.array(researchRow),
  list: true,
  access: { route: RESEARCH_ROUTE },
});

export const researchSaveContract = defineContract({
  method: 'POST',
  path: '/api/research/save',
  request: z.object({
    id: id.optional(),
    // Invisible and direction-changing characters in the title are refused by the request reading (text-safety).
    title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    body: z.string().max(100_000, 'must be at most 100,000 characters').default(''),
    tags: list(z.string().trim().toLowerCase().regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,39}$/u, 'must be words of letters, digits, spaces, _ . - (at most 40 characters)'), 20, 'tags').default([]),
    appIds: list(z.string().trim().min(1).max(100), 50, 'apps').default([]),
    attachments: list(z.string().trim().max(2000).regex(/^https:\/\/[^\s<>"']+$/i, 'must be https:// links (for example a file in the studio\'s S3)'), 20, 'links').default([]),
  }),
  data: researchRow,
  access: { route: RESEARCH_ROUTE },
});

export const researchDeleteContract = defineContract({
  method: 'POST',
  path: '/api/research/delete',
  request: z.object({ id }),
  data: z.object({ id: z.number().int() }),
  access: { route: RESEARCH_ROUTE },
});

/** One note rendered for reading: the markdown turned into HTML and sanitised on the server. */
export const researchReadContract = defineContract({
  method: 'GET',
  path: '/api/research/read',
  request: z.object({ id, version: z.coerce.number<string | number>().int().positive().max(MAX_SERIAL_ID).optional() }),
  data: z.object({ id: z.number().int(), version: z.number().int(), title: z.string(), html: z.string(), savedBy: z.string(), savedAt: z.string() }),
  access: { route: RESEARCH_ROUTE },
});

export const researchVersionRow = z.object({
  noteId: z.number().int(),
  version: z.number().int(),
  title: z.string(),
  savedBy: z.string(),
  savedAt: z.string(),
  current: z.boolean(),
});
export type ResearchVersionRow = z.infer<typeof researchVersionRow>;

export const researchVersionsContract = defineContract({
  method: 'GET',
  path: '/api/research/versions',
  request: z.object({ id }),
  data: z.array(researchVersionRow),
  access: { route: RESEARCH_ROUTE },
});
