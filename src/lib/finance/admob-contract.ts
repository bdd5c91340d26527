import { z } from 'zod';
import { contractsFor, emptyRequest } from '../contract';
import { day } from '../reports/filters';
import { importAnswerSchema } from './more-contract';
import { daysBetween } from '../time/day';

/**
 * AdMob through Google's OAuth (tracker issue 16): googleApi/url answers the consent URL, Google sends the
 * browser back to /finance/import/admob?code&scope&state, googleApi/token trades the code for a refresh token
 * (sealed at rest per publisher account, never sent back), finance/getAdmobRevenue previews the network report
 * of a range and finance/updateAdmob stores it as ad revenue (source admob).
 */

/** The AdMob scope the console asks for: reading reports only. */
export const ADMOB_SCOPE = 'https://www.googleapis.com/auth/admob.readonly';
/** The longest range one preview or import covers (a quarter; the refresh job pulls the last days itself). */
export const MAX_ADMOB_DAYS = 92;
/** localStorage keys of the OAuth round trip (spec: the code and the filter are kept, then cleared). */
export const ADMOB_STORAGE = { code: 'gsm.admob.code', filter: 'gsm.admob.filter' } as const;

const admobApi = contractsFor({ route: '/finance/import/admob' });

export const admobAccountSchema = z.object({ publisherId: z.string(), connectedBy: z.string(), connectedAt: z.string(), lastPullAt: z.string().nullable(), lastPullMessage: z.string() });
export type AdmobAccount = z.infer<typeof admobAccountSchema>;

export const googleUrlContract = admobApi.get('/api/reportSystem/googleApi/url', emptyRequest, z.object({ url: z.string(), accounts: z.array(admobAccountSchema) }));

const queryText = (max: number) => z.string({ message: 'is required' }).trim().min(1, 'is required').max(max);
export const googleTokenContract = admobApi.get(
  '/api/reportSystem/googleApi/token',
  z.object({ code: queryText(2000), scope: queryText(2000), state: queryText(1000) }),
  z.object({ accounts: z.array(admobAccountSchema) }),
);

const range = z
  .object({ from: day, to: day, publisherId: z.string().trim().regex(/^pub-\d{1,30}$/, 'must be a publisher id like pub-1234567890').optional() })
  .refine((r) => r.from <= r.to, { message: 'must not be after to', path: ['from'] })
  .refine((r) => daysBetween(r.from, r.to) < MAX_ADMOB_DAYS, { message: `must span at most ${MAX_ADMOB_DAYS} days`, path: ['to'] });

export const admobRowSchema = z.object({
  day: z.string(),
  publisherId: z.string(),
  admobAppId: z.string(),
  admobAppName: z.string(),
  /** The console app and OS the AdMob app maps to; null when no console app matches (not imported). */
  appId: z.string().nullable(),
  appName: z.string(),
  os: z.number(),
  earningsMicros: z.number(),
  impressions: z.number(),
});
export type AdmobRow = z.infer<typeof admobRowSchema>;

export const admobPreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(admobRowSchema),
  /** AdMob apps with earnings that map to no console app of the viewer's finance permission: listed, never imported. */
  unmapped: z.array(z.object({ admobAppId: z.string(), admobAppName: z.string(), platform: z.string(), storeId: z.string(), reason: z.string(), earningsMicros: z.number() })),
  totalMicros: z.number(),
  impressions: z.number(),
});
export type AdmobPreview = z.infer<typeof admobPreviewSchema>;

export const getAdmobRevenueContract = admobApi.post('/api/reportSystem/finance/getAdmobRevenue', range, admobPreviewSchema);
export const updateAdmobContract = admobApi.post('/api/reportSystem/finance/updateAdmob', range, importAnswerSchema.extend({ summary: z.string() }));
