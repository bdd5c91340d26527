import { z } from 'zod';
import { contractsFor, numberFromText } from '../contract';

export const sdkCheckContract = contractsFor({ route: '/adminAccount/check_sdk' }).get(
  '/api/adminAccount/checkSdk',
  z.object({
    appId: z.string().trim().min(1, 'choose an app').max(200),
    os: numberFromText(z.number().int().min(0).max(3).default(0)),
    version: z.string().trim().max(50).optional(),
  }),
  /** What the SDK of this app (and version) sent in the last 24 hours, by event name. */
  z.object({
    since: z.string(),
    total: z.number(),
    lastEventAt: z.string().nullable(),
    sdkVersions: z.array(z.string()),
    events: z.array(z.object({ name: z.string(), count: z.number(), lastReceivedAt: z.string(), flagged: z.number() })),
  }),
);
