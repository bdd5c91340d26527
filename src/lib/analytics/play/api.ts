import { handle, type ApiHandler } from '../../server/api/handler';
import { deleteAnalyticNote, listAnalyticNotes, saveAnalyticNote } from './notes';
import { analyticNoteContract, analyticNoteDeleteContract, analyticNoteListContract } from './notes-contract';

/** Chart annotation endpoints (served through the analytics area's list). */
export const analyticNoteApi: ApiHandler[] = [
  handle(analyticNoteListContract, async (input, ctx) => ({ data: await listAnalyticNotes(ctx.db, ctx.viewer, input) })),
  handle(analyticNoteContract, async (input, ctx) => ({ data: await saveAnalyticNote(ctx.db, ctx.actor, input) })),
  handle(analyticNoteDeleteContract, async ({ id }, ctx) => ({ data: await deleteAnalyticNote(ctx.db, ctx.actor, id) })),
];
