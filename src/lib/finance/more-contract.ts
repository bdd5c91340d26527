import { z } from 'zod';
import { emptyRequest, contractsFor, signedInApi } from '../contract';
import { day } from '../reports/filters';
import { monthField } from './month-contract';

/** The remaining calls of spec section 7 under api/reportSystem (besides the reports, imports and month/year). */

const money = z.number({ message: 'must be a number' }).min(0, 'must not be negative').max(1e10);
const os = z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'must be 1 (Android), 2 (iOS) or 3 (WebGL)' });
const appId = z.string().trim().min(1, 'is required').max(100);
const currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'must be a currency code like USD').default('USD');

export const batchSchema = z.object({
  id: z.number(),
  source: z.string(),
  label: z.string(),
  fileName: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  rows: z.number(),
  /** Whether any row of this batch is still current (false once later batches replaced them all). */
  current: z.boolean(),
  summary: z.string(),
});
export type BatchInfo = z.infer<typeof batchSchema>;

export const dataVersionContract = contractsFor({ route: '/finance/statistic2' }).post(
  '/api/reportSystem/finance/dataVersion',
  z.object({ source: z.string().max(40).optional(), limit: z.number().int().min(1).max(200).default(50) }),
  z.array(batchSchema),
);

const appOs = z.array(z.object({ appId: z.string(), name: z.string(), team: z.string(), os: z.array(z.number()), packages: z.array(z.object({ os: z.number(), packageId: z.string() })) }));
/** finance/get_list_app_os and statistic/filterAppOs mean the same: the finance apps with their platforms. */
export const listAppOsContract = signedInApi.get('/api/reportSystem/finance/get_list_app_os', emptyRequest, appOs);
export const filterAppOsContract = signedInApi.get('/api/reportSystem/statistic/filterAppOs', emptyRequest, appOs);

export const downloadUrlsContract = signedInApi.get(
  '/api/reportSystem/finance/downloadurls',
  emptyRequest,
  z.array(z.object({ kind: z.string(), label: z.string(), url: z.string() })),
);

const fbRow = z.object({ appId, os, campaign: z.string().trim().min(1, 'is required').max(120), cost: money, installs: z.number().int('must be a whole number').min(0).max(1e9), currency });
export const importAnswerSchema = z.object({ batchId: z.number(), dataVersion: z.number(), rows: z.number(), replaced: z.number() });

const importCostApi = contractsFor({ route: '/finance/import/uploadExcel/importCost' });

export const facebookMonthContract = importCostApi.post(
  '/api/reportSystem/import/month/facebookig',
  z.object({ month: monthField, rows: z.array(fbRow).min(1, 'must hold at least one row').max(5000) }),
  importAnswerSchema,
);
export const facebookDayContract = importCostApi.post(
  '/api/reportSystem/import/day/facebookig',
  z.object({ rows: z.array(fbRow.extend({ day })).min(1, 'must hold at least one row').max(20000) }),
  importAnswerSchema,
);

/** IAP from the stores' monthly reports: the month in the query (params), the rows in the body (data). */
export const importIapStudioContract = contractsFor({ route: '/finance/import/studio' }).post(
  '/api/reportSystem/finance/importIAPStudio',
  z.object({
    month: monthField,
    /** The report's file name, kept on the batch so a figure can be traced to the file it came from. */
    fileName: z.string().trim().max(200).optional(),
    rows: z.array(z.object({ appId, os, gross: money, net: money.optional(), currency })).min(1, 'must hold at least one row').max(5000),
  }),
  importAnswerSchema,
);
