import { z } from 'zod';
import { emptyRequest, MAX_INT4, publicApi } from '../contract';

/**
 * The game-facing player API (SDK v1). Every call carries the app platform's key (header X-SDK-Key); calls about
 * one player also carry its player token (header X-Player-Token), never a bare user id. See docs/sdk-players.md.
 */

/** A device's own stable id (the SDK generates and keeps one per install). */
export const deviceIdSchema = z
  .string()
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits, dots, colons, dashes and underscores only');

/** A link code as a person types it: 8 characters from the code alphabet, spaces and dashes ignored. */
export const linkCodeSchema = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-HJ-NP-Z2-9]{8}$/, 'must be the 8-character code shown on the other device'));

export const playerTokens = z.object({
  playerId: z.string(),
  /** Signed (HS256 JWT), short-lived: send it as X-Player-Token. */
  accessToken: z.string(),
  expiresIn: z.number().int(),
  /** Opaque, long-lived, single use: trade it for new tokens at /players/refresh. */
  refreshToken: z.string(),
  /** True when this call created the player. */
  created: z.boolean(),
});
export type PlayerTokens = z.infer<typeof playerTokens>;

export const playerSessionContract = publicApi.post(
  '/api/sdk/v1/players/session',
  z.object({
    deviceId: deviceIdSchema,
    /** Moves this device to the player that showed the code (linking a second device, or recovering on a new one). */
    linkCode: linkCodeSchema.optional(),
  }),
  playerTokens,
  { maxBody: 4096 },
);

export const playerRefreshContract = publicApi.post(
  '/api/sdk/v1/players/refresh',
  z.object({ refreshToken: z.string().min(1, 'is required').max(200) }),
  playerTokens,
  { maxBody: 4096 },
);

export const playerMeContract = publicApi.get(
  '/api/sdk/v1/players/me',
  emptyRequest,
  z.object({ playerId: z.string(), appId: z.string(), createdAt: z.string(), devices: z.number().int() }),
);

export const playerLinkCodeContract = publicApi.post(
  '/api/sdk/v1/players/me/link-code',
  emptyRequest,
  z.object({ code: z.string(), expiresAt: z.string() }),
  { maxBody: 1024 },
);

/** The largest cloud save, as JSON text. */
export const PLAYER_DATA_MAX_BYTES = 1024 * 1024;

export const playerDataGetContract = publicApi.get(
  '/api/sdk/v1/players/me/data',
  emptyRequest,
  /** version 0 and {} before the first save. */
  z.object({ version: z.number().int(), data: z.record(z.string(), z.unknown()), updatedAt: z.string().nullable() }),
);

export const playerDataPutContract = publicApi.put(
  '/api/sdk/v1/players/me/data',
  z.object({
    /** The version the game read (0 for the first save); a save over a newer version answers 409. */
    version: z.number().int().min(0).max(MAX_INT4),
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ version: z.number().int(), updatedAt: z.string() }),
  // The document itself is capped at PLAYER_DATA_MAX_BYTES; the envelope adds a little.
  { maxBody: PLAYER_DATA_MAX_BYTES + 1024 },
);
