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

export const planProblem = z.object({
  /** The reason the SDK was told, without the value ("params.score: declared int in the tracking plan, got string"). */
  problem: z.string(),
  events: z.number(),
  /** App versions that sent it, newest sighting first. */
  versions: z.array(z.string()),
  /** The latest offending event: its id, stored params and, for a parameter of another type, the value sent (JSON text). */
  example: z.record(z.string(), z.unknown()),
  lastAt: z.string(),
});

export const planEventRow = z.object({
  /** The plan key: the event name, or counter.<name>, measurement.<name>, funnel_step.<funnel>. */
  key: z.string(),
  declared: z.boolean(),
  enabled: z.boolean(),
  /** 'catalogue' (Config Data → Event), 'app' (Tracking Config), 'both', or '' when undeclared. */
  source: z.string(),
  description: z.string(),
  parameters: z.array(z.object({ name: z.string(), type: z.string() })),
  /** Events stored over the window. */
  volume: z.number(),
  lastSeen: z.string().nullable(),
  dropped: z.number(),
  flagged: z.number(),
  problems: z.array(planProblem),
});
export type PlanEventRow = z.infer<typeof planEventRow>;

/** The data-quality view of an app's tracking plan: per event, declared, enabled, volume, drops and violations over the last days. */
export const trackingPlanViewContract = contractsFor({ route: '/adminAccount/check_sdk' }).get(
  '/api/adminAccount/trackingPlan',
  z.object({
    appId: z.string().trim().min(1, 'choose an app').max(200),
    days: numberFromText(z.number().int().min(1, 'must be at least 1').max(30, 'must be at most 30').default(7)),
  }),
  z.object({
    appId: z.string(),
    /** False until the app has a tracking config (Config Data → Tracking Config): until then ingestion checks nothing. */
    active: z.boolean(),
    from: z.string(),
    to: z.string(),
    totals: z.object({ volume: z.number(), dropped: z.number(), flagged: z.number(), declared: z.number(), undeclaredSeen: z.number() }),
    events: z.array(planEventRow),
  }),
);
