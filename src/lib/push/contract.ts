import { z } from 'zod';
import { contractsFor, publicApi, serialId } from '../contract';

/**
 * Push notifications through FCM HTTP v1 (issue 19, item 3): the screen's contracts (settings, list, compose,
 * cancel, stats) and the SDK's device calls. Shared by browser and server.
 */

export const PUSH_ROUTE = '/games/notification/push';
export const PUSH_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
/** FCM's limit on a message's payload (notification title and body plus data), in bytes. */
export const FCM_PAYLOAD_MAX = 4096;

/** What FCM counts against its 4 KB: the notification's title and body and the data map. */
export const payloadBytes = (p: { title: string; body: string; data: Record<string, string> }) =>
  new TextEncoder().encode(JSON.stringify({ notification: { title: p.title, body: p.body }, data: p.data })).length;

const appField = z.string({ error: 'is required' }).trim().min(1, 'is required').max(100);
const idField = serialId('a push');
const country = z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be two-letter country codes').toUpperCase();
const version = z.string().trim().min(1).max(50).regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/, 'must be app versions like 1.4.0');

export function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const pushTarget = z.object({
  /** 0 = every platform, else an OS code of the app. */
  os: z.number().int().min(0, 'must be a platform').max(3, 'must be a platform').default(0),
  countries: z.array(country).max(250).default([]),
  versions: z.array(version).max(100).default([]),
  /** Only devices seen in the last N days (0 = any). */
  lastSeenDays: z.number({ error: 'must be a number of days' }).int('must be whole days').min(0, 'must be 0 or more').max(3650).default(0),
  /** Listed players only (every other filter still applies). */
  playerIds: z.array(z.string().trim().regex(/^p_[a-z2-7]{20}$/, 'must be player ids like p_… (20 characters)')).max(10_000).default([]),
});
export type PushTarget = z.infer<typeof pushTarget>;

export const pushStats = z.object({
  targeted: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  failedByReason: z.record(z.string(), z.number()),
  opened: z.number(),
});

export const pushSchema = z.object({
  id: z.number(),
  appId: z.string(),
  title: z.string(),
  body: z.string(),
  deepLink: z.string(),
  target: pushTarget,
  scheduleKind: z.enum(['now', 'at', 'local']),
  sendAt: z.string(),
  localTime: z.string().nullable(),
  status: z.enum(PUSH_STATUSES),
  createdBy: z.string(),
  createdAt: z.string(),
  stats: pushStats,
});
export type Push = z.infer<typeof pushSchema>;

const pushApi = contractsFor({ route: PUSH_ROUTE });
const pushSendApi = contractsFor({ route: PUSH_ROUTE, actions: ['push_send'] });

export const pushListContract = pushApi.get(
  '/api/push/list',
  z.object({ appId: z.string().trim().max(100).optional() }),
  z.array(pushSchema),
);

export const pushCreateContract = pushSendApi.post(
  '/api/push/create',
  z
    .object({
      appId: appField,
      title: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
      body: z.string({ error: 'is required' }).trim().min(1, 'is required').max(8000, 'must be at most 4096 bytes (FCM payload limit)'),
      deepLink: z.string().trim().max(2000).default(''),
      os: pushTarget.shape.os,
      countries: pushTarget.shape.countries,
      versions: pushTarget.shape.versions,
      lastSeenDays: pushTarget.shape.lastSeenDays,
      playerIds: pushTarget.shape.playerIds,
      scheduleKind: z.enum(['now', 'at', 'local'], { error: 'must be now, at a time or at local time' }).default('now'),
      /** 'at': the day and time in the console's zone (UTC+7); 'local': the wall time in each player's own zone. */
      sendDay: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day like 2026-11-24').optional(),
      sendTime: z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 09:00').optional(),
    })
    .superRefine((v, ctx) => {
      if (payloadBytes({ title: v.title, body: v.body, data: v.deepLink ? { deepLink: v.deepLink } : {} }) > FCM_PAYLOAD_MAX) {
        ctx.addIssue({ code: 'custom', path: ['body'], message: `makes the message larger than FCM's ${FCM_PAYLOAD_MAX}-byte payload limit` });
      }
      if (v.scheduleKind !== 'now' && !v.sendDay) ctx.addIssue({ code: 'custom', path: ['sendDay'], message: 'is required' });
      if (v.scheduleKind !== 'now' && !v.sendTime) ctx.addIssue({ code: 'custom', path: ['sendTime'], message: 'is required' });
    }),
  pushSchema,
  { maxBody: 512 * 1024 },
);

export const pushCancelContract = pushSendApi.post('/api/push/cancel', z.object({ id: idField }), pushSchema);

export const pushStatsContract = pushApi.get(
  '/api/push/stats',
  z.object({ id: idField }),
  z.array(z.object({ metric: z.string(), value: z.number() })),
);

export const pushSettingsSchema = z.object({ appId: z.string(), projectId: z.string(), clientEmail: z.string(), hasServiceAccount: z.boolean(), updatedBy: z.string(), updatedAt: z.string() });

export const pushSettingsGetContract = pushApi.get('/api/push/settings', z.object({ appId: appField }), pushSettingsSchema.nullable());

/** Every visible app's FCM settings, for the screen's settings list. */
export const pushSettingsListContract = pushApi.get('/api/push/settings/list', z.object({}), z.array(pushSettingsSchema));

export const pushSettingsSaveContract = pushSendApi.post(
  '/api/push/settings/save',
  z.object({
    appId: appField,
    projectId: z.string({ error: 'is required' }).trim().regex(/^[a-z][a-z0-9-]{4,29}$/, 'must be a Firebase project id like my-game-1234'),
    /** The key file's JSON; empty keeps the sealed one. */
    serviceAccountJson: z.string().max(20_000).optional(),
  }),
  pushSettingsSchema,
  { maxBody: 64 * 1024 },
);

/** SDK: register or refresh this device's FCM token (X-SDK-Key + X-Player-Token). */
export const sdkPushRegisterContract = publicApi.post(
  '/api/sdk/v1/push/register',
  z.object({
    token: z.string({ error: 'is required' }).trim().min(20, 'must be an FCM registration token').max(4096, 'must be an FCM registration token'),
    timeZone: z.string({ error: 'is required' }).trim().max(64).refine(validTimeZone, 'must be an IANA time zone like Asia/Ho_Chi_Minh'),
    appVersion: z.string().trim().max(50).default(''),
    country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').toUpperCase().optional(),
  }),
  z.object({ registered: z.boolean() }),
);

export const sdkPushUnregisterContract = publicApi.post('/api/sdk/v1/push/unregister', z.object({}), z.object({ removed: z.boolean() }));

export const sdkPushOpenedContract = publicApi.post(
  '/api/sdk/v1/push/opened',
  z.object({ pushId: idField }),
  z.object({ counted: z.boolean() }),
);
