import { z } from 'zod';
import { defineContract, contractsFor } from '../contract';
import { PLAYER_DATA_MAX_BYTES } from './contract';

/** Find User and the cloud save as staff see them (/gsm/users/…). Shared by browser and server. */

export const FIND_USER_ROUTE = '/gsm/users/find_user';
export const PLAYER_DATA_VIEW_ROUTE = '/gsm/users/find_user_firebase/view';
export const PLAYER_DATA_UPDATE_ROUTE = '/gsm/users/find_user_firebase/update';

export const FIND_BY = ['userId', 'deviceId', 'transactionId'] as const;
export const FIND_BY_LABELS: Record<(typeof FIND_BY)[number], string> = { userId: 'User id', deviceId: 'Device id', transactionId: 'IAP transaction id' };

const appId = z.string().trim().min(1, 'choose an app').max(100);
const userId = z.string().trim().min(1, "enter the player's user id").max(128);

const findUserApi = contractsFor({ route: FIND_USER_ROUTE });

export const findPlayerContract = findUserApi.get(
  '/api/users/find',
  z.object({ appId, by: z.enum(FIND_BY).default('userId'), q: z.string().trim().min(1, 'enter what to look for').max(200) }),
  /** The players found (a transaction or a device names one; a user id is itself when the app knows it). */
  z.object({ matches: z.array(z.object({ userId: z.string(), how: z.string() })) }),
);

export const purchaseRow = z.object({ time: z.string(), productId: z.string(), revenueUsdMicros: z.number(), transactionId: z.string(), store: z.string() });

export const playerProfile = z.object({
  appId: z.string(),
  userId: z.string(),
  /** From the first_open event: when and where the player installed. */
  install: z.object({ day: z.string(), os: z.number(), appVersion: z.string(), country: z.string() }).nullable(),
  /** Activity from the daily rollups. */
  activity: z.object({
    firstDay: z.string(),
    lastDay: z.string(),
    activeDays: z.number(),
    sessions: z.number(),
    playSeconds: z.number(),
    adImpressions: z.number(),
    adRevenue: z.number(),
    iapPurchases: z.number(),
    iapRevenue: z.number(),
    versions: z.array(z.string()),
    countries: z.array(z.string()),
  }).nullable(),
  /** Highest level reached per mode (main, minigame). */
  levels: z.array(z.object({ mode: z.string(), level: z.number() })),
  /** The player's SDK session record, when the game uses player sessions. */
  player: z.object({
    createdAt: z.string(),
    lastSeenAt: z.string(),
    isTest: z.boolean(),
    devices: z.array(z.object({ deviceId: z.string(), os: z.number(), boundAt: z.string(), lastSeenAt: z.string() })),
    dataVersion: z.number(),
  }).nullable(),
  /** The latest purchases (at most 20, the last year). */
  purchases: z.array(purchaseRow),
});
export type PlayerProfile = z.infer<typeof playerProfile>;

export const playerProfileContract = findUserApi.get('/api/users/profile', z.object({ appId, userId }), playerProfile);

export const playerDataSchema = z.object({ version: z.number().int(), data: z.record(z.string(), z.unknown()), updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });

/** The cloud save as staff read it; the view and the update screen each read under their own route. */
const saveRead = (path: string, route: string) => defineContract({ method: 'GET', path, request: z.object({ appId, userId }), data: playerDataSchema, access: { route } });
export const playerDataViewContract = saveRead('/api/users/playerData', PLAYER_DATA_VIEW_ROUTE);
/** The update screen's read: its holders need no view grant. */
export const playerDataEditReadContract = saveRead('/api/users/playerData/edit', PLAYER_DATA_UPDATE_ROUTE);

export const playerDataUpdateContract = contractsFor({ route: PLAYER_DATA_UPDATE_ROUTE, actions: ['user_data_update'] }).post(
  '/api/users/playerData/update',
  z.object({
    appId,
    userId,
    /** The version the editor was opened on: a newer save by the game answers 409. */
    version: z.number().int().min(1, 'the player has no save to edit yet'),
    data: z.record(z.string(), z.unknown(), { error: 'must be a JSON object' }),
  }),
  z.object({ version: z.number().int(), updatedAt: z.string() }),
  { maxBody: PLAYER_DATA_MAX_BYTES + 4096 },
);
