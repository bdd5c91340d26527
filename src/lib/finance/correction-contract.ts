import { z } from 'zod';
import { contractsFor } from '../contract';
import { day } from '../reports/filters';

/**
 * Manual corrections (issue 37): enter one (detail/update, the spec's call), list them with the imported
 * figure they replace, undo one. Amounts are micros of the correction's currency; *Usd fields USD micros.
 */

const os = z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'must be 1 (Android), 2 (iOS) or 3 (WebGL)' });
const appId = z.string().trim().min(1, 'is required').max(100);
const currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'must be a currency code like USD').default('USD');
const kind = z.enum(['ads', 'iap', 'cost'], { message: 'must be ads, iap or cost' });
/** The network (ads), store (iap) or channel (cost). */
const name = z.string().trim().min(1, 'is required').max(60);

export const correctionKey = z.object({ appId, day, os, kind, name, currency });
export type CorrectionKey = z.output<typeof correctionKey>;

export const correctionSchema = z.object({
  appId: z.string(), day: z.string(), os: z.number(), kind: z.enum(['ads', 'iap', 'cost']), name: z.string(), currency: z.string(),
  /** What the imports say for the key (0 when none), what the correction says, and corrected − imported. */
  imported: z.number(), importedUsd: z.number(), corrected: z.number(), correctedUsd: z.number(), difference: z.number(), differenceUsd: z.number(),
  reason: z.string(), createdBy: z.string(), createdAt: z.string(),
});
export type Correction = z.infer<typeof correctionSchema>;

/** A correction of one key: replaces the imported figure of that key and the key's earlier correction, nothing else. */
export const detailUpdateContract = contractsFor({ route: '/finance/statistic/index' }).post(
  '/api/reportSystem/detail/update',
  correctionKey.extend({
    amount: z.number({ message: 'must be a number' }).min(0, 'must not be negative').max(1e10),
    reason: z.string().trim().min(1, 'is required: say why the imported figure is wrong').max(500),
  }),
  z.object({ batchId: z.number(), dataVersion: z.number(), correction: correctionSchema }),
);

const monthApi = contractsFor({ route: '/finance/reportMonth' });

export const correctionListContract = monthApi.get(
  '/api/reportSystem/corrections',
  z.object({ from: day, to: day, appId: appId.optional() }),
  z.array(correctionSchema),
);

/** Undo: the correction of the key is deleted and the imported figure counts again. */
export const correctionUndoContract = monthApi.post(
  '/api/reportSystem/corrections/undo',
  correctionKey,
  correctionKey.extend({ imported: z.number(), importedUsd: z.number() }),
);
