import { z } from 'zod';
import { contractsFor, listPage, publicApi, textSearch, numberFromText, serialId } from '../contract';
import { reward } from '../rewards/items';
import { requiredRewards } from '../mail/rewards-text';
import { consoleDateTime } from '../mail/when';

/**
 * Gift codes: campaigns on /games/gift_code/manager (creating and deactivating need gift_code_edit, exporting
 * the codes gift_code_export), the redemption log on /games/gift_code/used_logs, and the game's
 * redeem call (SDK v1, X-SDK-Key + X-Player-Token).
 */
export const GIFT_MANAGER_ROUTE = '/games/gift_code/manager';
export const GIFT_LOGS_ROUTE = '/games/gift_code/used_logs';
export const GIFT_EDIT_ACTION = 'gift_code_edit';
export const GIFT_EXPORT_ACTION = 'gift_code_export';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 10;
export const CODES_MAX = 1_000_000;
export const REDEEM_RESULTS = ['ok', 'invalid', 'wrong_app', 'not_started', 'expired', 'inactive', 'used_up', 'limit_reached', 'restricted', 'rate_limited'] as const;
export type RedeemResult = (typeof REDEEM_RESULTS)[number];
export const RESULT_LABELS: Record<RedeemResult, string> = {
  ok: 'ok',
  invalid: 'wrong code',
  wrong_app: 'wrong app',
  not_started: 'not started',
  expired: 'expired',
  inactive: 'deactivated',
  used_up: 'used up',
  limit_reached: 'limit reached',
  restricted: 'not for this device',
  rate_limited: 'too many tries',
};

/** A code as a person types it: case, spaces and dashes do not matter. */
export const normaliseCode = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

const appId = z.string().trim().min(1, 'is required').max(100);
const countryList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
  z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be two-letter country codes like VN')).max(250),
);

export const campaignRow = z.object({
  id: z.number().int(),
  appId: z.string(),
  name: z.string(),
  kind: z.enum(['generated', 'keyword']),
  /** The keyword, or the prefix of generated codes. */
  code: z.string(),
  codeCount: z.number().int(),
  rewards: z.array(reward),
  startsAt: z.string(),
  expiresAt: z.string(),
  totalLimit: z.number().int().nullable(),
  perPlayerLimit: z.number().int(),
  os: z.array(z.number().int()),
  countries: z.array(z.string()),
  redeemed: z.number().int(),
  /**
   * Keyword campaigns (a word anyone can try): the app's wrong gift codes in the last hour and the last 24 hours,
   * so the owner sees the code being guessed at; null for generated codes. Only in the list.
   */
  wrongGuesses: z.object({ lastHour: z.number().int(), lastDay: z.number().int() }).nullable(),
  active: z.boolean(),
  status: z.enum(['scheduled', 'running', 'expired', 'used up', 'deactivated']),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type CampaignRow = z.infer<typeof campaignRow>;

export const campaignListContract = contractsFor({ route: GIFT_MANAGER_ROUTE }).get(
  '/api/games/gift_code/list',
  z.object({
    appId: appId.optional(),
    textSearch,
    ...listPage(),
  }),
  z.array(campaignRow),
  { list: true },
);

const giftEditApi = contractsFor({ route: GIFT_MANAGER_ROUTE, actions: [GIFT_EDIT_ACTION] });
const giftExportApi = contractsFor({ route: GIFT_MANAGER_ROUTE, actions: [GIFT_EXPORT_ACTION] });

export const campaignCreateContract = giftEditApi.post(
  '/api/games/gift_code/create',
  z
    .object({
      appId,
      name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
      kind: z.enum(['generated', 'keyword'], { error: 'must be generated or keyword' }),
      /** generated: how many codes. */
      count: numberFromText(z.number().int('must be a whole number').min(1, 'must be at least 1').max(CODES_MAX, `must be at most ${CODES_MAX}`).optional()),
      /** generated: an optional prefix; keyword: the code itself. */
      code: z.preprocess((v) => (typeof v === 'string' ? normaliseCode(v) : v), z.string().regex(/^[A-Z0-9]{0,20}$/, 'letters and digits only, at most 20').default('')),
      rewards: requiredRewards,
      startsAt: z.preprocess((v) => (v === '' || v === null ? undefined : v), consoleDateTime.optional()),
      expiresAt: consoleDateTime,
      totalLimit: z.preprocess((v) => (v === '' || v === null ? undefined : v), numberFromText(z.number().int('must be a whole number').min(1, 'must be at least 1 (leave it empty for no limit)').max(1_000_000_000).optional())),
      perPlayerLimit: numberFromText(z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000).default(1)),
      os: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1 (Android), 2 (Ios) or 3 (WebGL)' })).max(3).default([]),
      countries: countryList.default([]),
    })
    .superRefine((v, ctx) => {
      if (v.kind === 'generated' && !v.count) ctx.addIssue({ code: 'custom', path: ['count'], message: 'is required for generated codes' });
      if (v.kind === 'keyword' && v.code.length < 4) ctx.addIssue({ code: 'custom', path: ['code'], message: 'the keyword needs 4 to 20 letters or digits' });
      if (v.kind === 'generated' && v.code.length > 8) ctx.addIssue({ code: 'custom', path: ['code'], message: 'a prefix may have at most 8 characters' });
    }),
  campaignRow,
  { maxBody: 64 * 1024 },
);

export const campaignActiveContract = giftEditApi.post(
  '/api/games/gift_code/active',
  z.object({ id: serialId(), active: z.boolean() }),
  campaignRow,
);

export const codesExportContract = giftExportApi.get(
  '/api/games/gift_code/export',
  z.object({ id: serialId('a campaign') }),
  z.unknown(),
);

export const usedLogRow = z.object({
  id: z.number().int(),
  at: z.string(),
  appId: z.string(),
  playerId: z.string(),
  deviceId: z.string(),
  code: z.string(),
  campaign: z.string(),
  result: z.enum(REDEEM_RESULTS),
  mailId: z.number().int().nullable(),
});

const logFilter = {
  appId: appId.optional(),
  result: z.enum(REDEEM_RESULTS, { error: `must be one of ${REDEEM_RESULTS.join(', ')}` }).optional(),
  textSearch,
};

export const usedLogsContract = contractsFor({ route: GIFT_LOGS_ROUTE }).get(
  '/api/games/gift_code/used_logs',
  z.object({ ...logFilter, ...listPage() }),
  z.array(usedLogRow),
  { list: true },
);

export const usedLogsExportContract = contractsFor({ route: GIFT_LOGS_ROUTE, actions: ['export_report'] }).get(
  '/api/games/gift_code/used_logs/export',
  z.object({ ...logFilter, format: z.enum(['csv', 'xlsx']).default('csv') }),
  z.unknown(),
);

// ---------------------------------------------------------------- SDK

export const redeemContract = publicApi.post(
  '/api/sdk/v1/giftcodes/redeem',
  // Any text: a malformed code is answered like a wrong one, not with a validation message that tells them apart.
  z.object({
    // A code of digits sent as a JSON number is still a code.
    code: z.union([z.string(), z.number()], { error: 'is required' }).transform(String),
    country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'must be a two-letter country code').optional(),
    /** The game's id of this redemption: a retry with the same id answers the first answer (docs/sdk.md, "Retries"). */
    clientId: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters').optional(),
  }),
  z.object({ result: z.literal('ok'), rewards: z.array(reward), mailId: z.number().int() }),
  { maxBody: 4096 },
);

/** The first codes of a campaign (the codes dialog); the whole list is the CSV export. Both need gift_code_export. */
export const campaignCodesContract = giftExportApi.get(
  '/api/games/gift_code/codes',
  z.object({ id: serialId('a campaign') }),
  z.array(z.object({ code: z.string(), uses: z.number().int() })),
);
