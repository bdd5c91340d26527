import { z } from 'zod';
import { contractsFor, listPage, numberFromText } from '../contract';

const dateTime = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'must be a date YYYY-MM-DD or an ISO time');

export const accountLogFilters = z.object({
  username: z.string().trim().max(40).optional(),
  entity: z.string().trim().max(40).optional(),
  action: z.string().trim().max(40).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  ...listPage({ limit: 50, maxLimit: 200 }),
});
export type AccountLogFilters = z.output<typeof accountLogFilters>;

export const accountLogRow = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  requestId: z.string(),
});

const accountLogApi = contractsFor({ route: '/adminAccount/accountLog' });

export const accountLogContract = accountLogApi.get(
  '/api/adminAccount/accountLog',
  accountLogFilters,
  z.array(accountLogRow),
  { list: true },
);

/** The same filters answered as a CSV download (all matching rows, up to 50 000). */
export const accountLogExportContract = accountLogApi.get('/api/adminAccount/accountLog/export', accountLogFilters, z.string());

export const apiLogFilters = z.object({
  username: z.string().trim().max(40).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
  status: numberFromText(z.number().int().min(100).max(599).optional()),
  path: z.string().trim().max(200).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
  ...listPage({ limit: 50, maxLimit: 200 }),
});

export const apiLogContract = contractsFor({ route: '/adminAccount/apiLog' }).get(
  '/api/adminAccount/apiLog',
  apiLogFilters,
  z.array(z.object({ id: z.number(), at: z.string(), username: z.string(), method: z.string(), path: z.string(), status: z.number(), durationMs: z.number(), requestId: z.string(), ip: z.string() })),
  { list: true },
);
