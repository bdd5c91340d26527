import { z } from 'zod';
import { EVENT_NAMES, type EventName } from '../analytics/events';
import { contractsFor, numberFromText } from '../contract';
import { deviceIdSchema } from '../players/contract';
import { APP_VERSION, COUNTRY } from './event-schema';

/**
 * The test screens (/test/testing, adsImpression, IAP, sendEvent, logic): one shared screen whose type 1–5
 * (spec section 2) says which tool it opens on. Testers pick an app and a test player, watch the player's
 * events arrive, send events through the real SDK endpoint and check the server's view of the player.
 * Shared by browser and server.
 */

export const TEST_SCREENS = [
  { type: 1, route: '/test/testing', tab: 'Live events' },
  { type: 2, route: '/test/adsImpression', tab: 'Ad impression' },
  { type: 3, route: '/test/IAP', tab: 'Purchase' },
  { type: 4, route: '/test/sendEvent', tab: 'Any event' },
  { type: 5, route: '/test/logic', tab: 'Server logic' },
] as const;
export type TestScreenType = (typeof TEST_SCREENS)[number]['type'];
export const testScreenOf = (type: number) => TEST_SCREENS.find((s) => s.type === type)!;

/**
 * The player picker, the live log and the test flag are part of every type; they need the screen's home
 * route (type 1), which every test role holds (docs/decisions.md).
 */
export const TEST_HOME_ROUTE = '/test/testing';

export const TEST_FIND_BY = ['userId', 'deviceId'] as const;
export const TEST_FIND_BY_LABELS: Record<(typeof TEST_FIND_BY)[number], string> = { userId: 'User id', deviceId: 'Device id' };

const appId = z.string().trim().min(1, 'choose an app').max(100);
const userId = z.string().trim().min(1, "enter the player's user id").max(128);
const os = numberFromText(z.number().int().refine((v) => v === 1 || v === 2 || v === 3, 'must be 1 (Android), 2 (Ios) or 3 (WebGL)'));

export const testPlayer = z.object({
  appId: z.string(),
  userId: z.string(),
  isTest: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  devices: z.array(z.object({ deviceId: z.string(), os: z.number() })),
  /** The platforms the app ships on: the ones an event can be sent as (each has its SDK key). */
  platforms: z.array(z.number()),
});
export type TestPlayer = z.infer<typeof testPlayer>;

const testHomeApi = contractsFor({ route: TEST_HOME_ROUTE });

export const testPlayerFindContract = testHomeApi.get(
  '/api/test/player',
  z.object({ appId, by: z.enum(TEST_FIND_BY).default('userId'), q: z.string().trim().min(1, 'enter what to look for').max(128) }),
  testPlayer,
);

/** A new (or the device's existing) player, through the SDK's own session endpoint, as a game would. */
export const testPlayerSessionContract = testHomeApi.post(
  '/api/test/player/session',
  z.object({ appId, os, deviceId: deviceIdSchema }),
  z.object({ player: testPlayer, created: z.boolean() }),
);

/** Marks or unmarks a test player (audited); the reports are recomputed without or with their events. */
export const testPlayerMarkContract = testHomeApi.post(
  '/api/test/player/mark',
  z.object({ appId, userId, isTest: z.boolean() }),
  z.object({ player: testPlayer, restatedDays: z.number() }),
);

export const LIVE_EVENTS_MAX = 50;
/** The live log reads this many recent days (the day partitions it touches). */
export const LIVE_EVENTS_DAYS = 7;
/** How often the screen asks for new events. */
export const LIVE_POLL_MS = 3000;

export const liveEvent = z.object({
  eventId: z.string(),
  name: z.string(),
  time: z.string(),
  receivedAt: z.string(),
  os: z.number(),
  appVersion: z.string(),
  country: z.string(),
  params: z.record(z.string(), z.unknown()),
});
export type LiveEvent = z.infer<typeof liveEvent>;

export const testEventsContract = testHomeApi.get(
  '/api/test/events',
  z.object({ appId, userId }),
  /** Newest first; readAt is the server's time of the read, which the screen shows as "updated". */
  z.object({ events: z.array(liveEvent), readAt: z.string() }),
);

const sent = z.object({ eventId: z.string(), name: z.string(), duplicate: z.boolean() });

/** What every send names: who, as which platform and build. params are checked against the event's schema. */
const envelope = z.object({ appId, userId, os, appVersion: APP_VERSION, country: COUNTRY, params: z.record(z.string(), z.unknown()).default({}) });

export const testSendEventContract = contractsFor({ route: '/test/sendEvent' }).post(
  '/api/test/sendEvent',
  envelope.extend({ name: z.enum(EVENT_NAMES as [EventName, ...EventName[]], { error: 'choose an event of the SDK vocabulary' }) }),
  sent,
);

export const testSendAdImpressionContract = contractsFor({ route: '/test/adsImpression' }).post('/api/test/adsImpression', envelope, sent);

/** A test receipt: what the store gave the game (a purchase token or a signed transaction), at most 64 KiB. */
export const RECEIPT_MAX = 65_536;
export const testSendPurchaseContract = contractsFor({ route: '/test/IAP' }).post(
  '/api/test/IAP',
  envelope.extend({ receipt: z.string().trim().min(1, 'paste the test receipt the store gave').max(RECEIPT_MAX, `must be at most ${RECEIPT_MAX} characters`) }),
  sent.extend({ transactionId: z.string(), verification: z.string() }),
  { maxBody: RECEIPT_MAX * 2 + 16_384 },
);

export const LOGIC_STATUSES = ['ok', 'warn', 'planned'] as const;
export const logicCheck = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(LOGIC_STATUSES),
  detail: z.string(),
});
export type LogicCheck = z.infer<typeof logicCheck>;

export const testLogicContract = contractsFor({ route: '/test/logic' }).get(
  '/api/test/logic',
  /** code: a gift code to try for the player (a dry run: redeemed inside a transaction that is rolled back). */
  z.object({ appId, userId, code: z.string().trim().max(64, 'must be at most 64 characters').optional() }),
  z.object({ checks: z.array(logicCheck), checkedAt: z.string() }),
);
