import { z } from 'zod';
import { contractsFor, listPage, publicApi, textSearch, serialId } from '../contract';
import { reward } from '../rewards/items';
import { attachments } from './rewards-text';
import { consoleDateTime } from './when';

/**
 * In-game mail: the Mail Box screen (/games/mail/mailBox; sending and recalling need mail_send) and the
 * game-facing mailbox (SDK v1: X-SDK-Key + X-Player-Token, see docs/sdk-players.md).
 */
export const MAIL_ROUTE = '/games/mail/mailBox';
export const MAIL_SEND_ACTION = 'mail_send';
export const MAIL_STATUSES = ['scheduled', 'sent', 'expired', 'recalled'] as const;

const appId = z.string().trim().min(1, 'is required').max(100);
const playerIdText = z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'must be player ids like p_abc…');

export const mailRow = z.object({
  id: z.number().int(),
  appId: z.string(),
  title: z.string(),
  body: z.string(),
  rewards: z.array(reward),
  target: z.enum(['players', 'broadcast']),
  /** A line saying whom it went to: "2 players", "Android, VN · installed from 01-11-2026". */
  audience: z.string(),
  status: z.enum(MAIL_STATUSES),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  expiresAt: z.string(),
  targeted: z.number().int(),
  read: z.number().int(),
  claimed: z.number().int(),
  source: z.string(),
  sourceRef: z.string(),
  createdBy: z.string(),
});
export type MailRow = z.infer<typeof mailRow>;

export const mailListContract = contractsFor({ route: MAIL_ROUTE }).get(
  '/api/games/mail/list',
  z.object({
    appId: appId.optional(),
    textSearch,
    ...listPage(),
  }),
  z.array(mailRow),
  { list: true },
);

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v), z.array(item).max(10_000, 'at most 10000 entries'));

const mailSendApi = contractsFor({ route: MAIL_ROUTE, actions: [MAIL_SEND_ACTION] });

export const mailSendContract = mailSendApi.post(
  '/api/games/mail/send',
  z.object({
    appId,
    title: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    body: z.string().trim().max(4000, 'must be at most 4000 characters').default(''),
    rewards: attachments.default([]),
    target: z.enum(['players', 'broadcast'], { error: 'must be players or broadcast' }),
    /** target players: the player ids (a list, or text separated by commas, spaces or lines). */
    playerIds: list(playerIdText).default([]),
    /** target broadcast: filters, each empty = any. */
    os: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1 (Android), 2 (iOS) or 3 (WebGL)' })).max(3).default([]),
    countries: list(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be two-letter country codes like VN')).default([]),
    versions: list(z.string().trim().regex(/^[0-9A-Za-z][0-9A-Za-z._+-]{0,49}$/, 'must be app versions like 1.10.0')).default([]),
    installedFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date').optional(),
    installedTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date').optional(),
    expiresAt: consoleDateTime,
    /** Empty = now. */
    sendAt: z.preprocess((v) => (v === '' || v === null ? undefined : v), consoleDateTime.optional()),
  }),
  mailRow,
  { maxBody: 512 * 1024 },
);

export const mailRecallContract = mailSendApi.post(
  '/api/games/mail/recall',
  z.object({ id: serialId() }),
  mailRow,
);

// ---------------------------------------------------------------- SDK

export const playerMail = z.object({
  mailId: z.number().int(),
  title: z.string(),
  body: z.string(),
  rewards: z.array(reward),
  sentAt: z.string(),
  expiresAt: z.string(),
  read: z.boolean(),
  claimed: z.boolean(),
});

export const sdkMailListContract = publicApi.get(
  '/api/sdk/v1/mail',
  /** What only the game knows about the player: broadcasts filtered by country or version match on these. */
  z.object({ country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').optional(), appVersion: z.string().trim().max(50).optional() }),
  z.object({ mail: z.array(playerMail) }),
);

const mailContext = z.object({
  mailId: serialId('a mail'),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').optional(),
  appVersion: z.string().trim().max(50).optional(),
});

export const sdkMailReadContract = publicApi.post(
  '/api/sdk/v1/mail/read',
  mailContext,
  z.object({ mailId: z.number().int(), read: z.literal(true) }),
  { maxBody: 4096 },
);

export const sdkMailClaimContract = publicApi.post(
  '/api/sdk/v1/mail/claim',
  mailContext,
  /** `granted`: the rewards are the player's. A retried claim hands nothing over again and answers exactly what the first answered. */
  z.object({ mailId: z.number().int(), rewards: z.array(reward), granted: z.boolean() }),
  { maxBody: 4096 },
);

