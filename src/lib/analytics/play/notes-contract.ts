import { z } from 'zod';
import { MAX_SERIAL_ID, contractsFor, signedInApi, removedId, serialId } from '../../contract';
import { day, queryList } from '../../reports/filters';

/*
 * Chart annotations: staff mark a date on an app ("2.4 released", "UA campaign start") and every analytics
 * chart of that app shows the mark. Reading needs only a signed-in account and answers the apps it may
 * see; marking and removing need analytic_note_edit and the app's visibility, and are audited.
 */

export const ANALYTIC_NOTE_MAX = 120;

export const analyticNote = z.object({
  id: z.number(),
  appId: z.string(),
  /** The marked day (UTC+7, like the charts' days). */
  day: z.string(),
  note: z.string(),
  createdBy: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AnalyticNote = z.infer<typeof analyticNote>;

const analyticNoteEditApi = contractsFor({ actions: ['analytic_note_edit'] });

/** POST api/common/analytic_note (the spec's path): marks a day on an app; with id, changes that mark. */
export const analyticNoteContract = analyticNoteEditApi.post(
  '/api/common/analytic_note',
  z.object({
    id: z.number().int().positive().max(MAX_SERIAL_ID).optional(),
    appId: z.string().trim().min(1, 'is required').max(100),
    day,
    note: z.string().trim().min(1, 'is required').max(ANALYTIC_NOTE_MAX, `must be at most ${ANALYTIC_NOTE_MAX} characters`),
  }),
  analyticNote,
);

/** The marks of the apps in view (none = every app the account may see) over a range of days. */
export const analyticNoteListContract = signedInApi.get(
  '/api/common/analytic_note/list',
  z.object({ apps: queryList(z.string().max(100)), from: day, to: day }),
  z.array(analyticNote),
);

export const analyticNoteDeleteContract = analyticNoteEditApi.delete(
  '/api/common/analytic_note/delete',
  z.object({ id: serialId() }),
  removedId,
);
