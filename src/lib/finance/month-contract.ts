import { z } from 'zod';
import { contractsFor } from '../contract';

/** The month and year reports of finance and their calls of spec section 7 (api/reportSystem). */

const MONTH_ROUTE = '/finance/reportMonth';
const YEAR_ROUTE = '/finance/reportYear';
export const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM');
const appIdField = z.string().trim().min(1, 'is required').max(100);
/** Signed USD amount with at most 2 decimals (an adjustment). */
const usdAmount = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'must be a number like 12.50').transform(Number)], { message: 'must be a number like 12.50' })
  .pipe(z.number().min(-1e9).max(1e9).refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most 2 decimals'));

export const monthRow = z.object({
  appId: z.string(),
  name: z.string(),
  team: z.string(),
  adRevenue: z.number(),
  iapNet: z.number(),
  /** Figures from the days (before adjustments). */
  baseRevenue: z.number(),
  baseCost: z.number(),
  revenueAdjustment: z.number(),
  costAdjustment: z.number(),
  reason: z.string(),
  /** baseRevenue + revenueAdjustment, baseCost + costAdjustment, revenue − cost. */
  revenue: z.number(),
  cost: z.number(),
  profit: z.number(),
  installs: z.number(),
  comments: z.number(),
});
export type MonthRow = z.infer<typeof monthRow>;
/** A team's or the month's total: every figure column of the rows, summed. */
const totals = z.object({
  key: z.string(), adRevenue: z.number(), iapNet: z.number(), revenueAdjustment: z.number(), costAdjustment: z.number(),
  revenue: z.number(), cost: z.number(), profit: z.number(), baseRevenue: z.number(), baseCost: z.number(), installs: z.number(),
});
export const closedMonthSchema = z.object({ month: z.string(), closedBy: z.string(), closedAt: z.string() });
/** closed: who closed the month and when; null while it is open (imports and corrections allowed). */
export const monthReport = z.object({ month: z.string(), rows: z.array(monthRow), teams: z.array(totals), total: totals, note: z.string(), closed: closedMonthSchema.nullable() });
export type MonthReport = z.infer<typeof monthReport>;

const monthRequest = z.object({ month: monthField, teams: z.array(z.string().max(100)).max(100).default([]) });

const monthApi = contractsFor({ route: MONTH_ROUTE });

export const dataMonthContract = monthApi.post('/api/reportSystem/dataMonth', monthRequest, monthReport);
export const reportMonthAllTeamContract = monthApi.post(
  '/api/reportSystem/getReportMonthAllTeam',
  z.object({ month: monthField }),
  monthReport,
);
export const dataMonthExcelContract = contractsFor({ route: MONTH_ROUTE, actions: ['export_report'] }).post(
  '/api/reportSystem/dataMonthExcel',
  monthRequest,
  z.unknown(),
);

export const detailDataMonthContract = monthApi.get(
  '/api/reportSystem/detail/dataMonth',
  z.object({ month: monthField, appId: appIdField }),
  z.object({
    month: z.string(),
    row: monthRow,
    days: z.array(z.object({ day: z.string(), revenue: z.number(), cost: z.number(), profit: z.number() })),
  }),
);

export const updateDataMonthContract = monthApi.post(
  '/api/reportSystem/detail/updateDataMonth',
  z.object({ month: monthField, appId: appIdField, revenueAdjustment: usdAmount.default(0), costAdjustment: usdAmount.default(0), reason: z.string().trim().max(500).default('') }),
  monthRow,
);

export const commentSchema = z.object({ id: z.number(), month: z.string(), appId: z.string(), body: z.string(), createdBy: z.string(), createdAt: z.string() });
export const commentActionContract = monthApi.post(
  '/api/reportSystem/comment/action',
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('create'), month: monthField, appId: appIdField, body: z.string().trim().min(1, 'is required').max(2000) }),
    z.object({ action: z.literal('update'), id: z.coerce.number<string | number>().int().min(1).max(2_147_483_647), body: z.string().trim().min(1, 'is required').max(2000) }),
    z.object({ action: z.literal('delete'), id: z.coerce.number<string | number>().int().min(1).max(2_147_483_647) }),
  ]),
  commentSchema.nullable(),
);
export const commentGetContract = monthApi.get(
  '/api/reportSystem/comment/get',
  z.object({ month: monthField, appId: z.string().max(100).optional() }),
  z.array(commentSchema),
);
export const commentByRangeDateContract = monthApi.get(
  '/api/reportSystem/comment/byRangeDate',
  z.object({ from: monthField, to: monthField }),
  z.array(commentSchema),
);

export const noteSchema = z.object({ month: z.string(), body: z.string(), updatedBy: z.string(), updatedAt: z.string().nullable() });
export const noteGetContract = monthApi.post('/api/reportSystem/note/get', z.object({ month: monthField }), noteSchema);
export const noteActionContract = monthApi.post(
  '/api/reportSystem/note/action',
  z.object({ month: monthField, body: z.string().trim().max(5000) }),
  noteSchema,
);

export const yearRow = z.object({ month: z.string(), revenue: z.number(), cost: z.number(), profit: z.number(), baseRevenue: z.number(), baseCost: z.number(), installs: z.number() });
export type YearRow = z.infer<typeof yearRow>;
export const yearDataContract = contractsFor({ route: YEAR_ROUTE }).post(
  '/api/reportSystem/year/getData2',
  z.object({ year: z.coerce.number<string | number>().int().min(2000).max(2100), teams: z.array(z.string().max(100)).max(100).default([]) }),
  z.object({ year: z.number(), rows: z.array(yearRow), total: yearRow }),
);

/** Closes (closed true) or reopens a month: only with the finance_close right; audited. A closed month refuses imports, corrections and adjustments (409). */
export const monthCloseContract = contractsFor({ route: MONTH_ROUTE, actions: ['finance_close'] }).post(
  '/api/reportSystem/month/close',
  z.object({ month: monthField, closed: z.boolean({ message: 'must be true (close) or false (reopen)' }) }),
  z.object({ month: z.string(), closed: closedMonthSchema.nullable() }),
);
