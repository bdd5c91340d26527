import { handle, type ApiHandler } from '../server/api/handler';
import { researchDeleteContract, researchListContract, researchReadContract, researchSaveContract, researchVersionsContract } from './contract';
import { deleteNote, listNotes, noteVersions, readNote, saveNote } from './service';

/** Research notes (/research/index). */
export const researchApi: ApiHandler[] = [
  handle(researchListContract, async (input, ctx) => listNotes(ctx.db, ctx.viewer, input)),
  handle(researchSaveContract, async (input, ctx) => ({ data: await saveNote(ctx.db, ctx.actor, input) })),
  handle(researchDeleteContract, async ({ id }, ctx) => ({ data: await deleteNote(ctx.db, ctx.actor, id) })),
  handle(researchReadContract, async ({ id, version }, ctx) => ({ data: await readNote(ctx.db, ctx.viewer, id, version) })),
  handle(researchVersionsContract, async ({ id }, ctx) => ({ data: await noteVersions(ctx.db, ctx.viewer, id) })),
];
