import { labelled } from '../labels';
import { z } from 'zod';
import { APP_EDIT_ACTION, APP_MANAGER_ROUTE } from '../apps/rules';
import { contractsFor, listPage, publicApi, signedInApi } from '../contract';

/**
 * IAP verification (tracker issue 14): a purchase is checked with its store (Google Play's Android Publisher API,
 * the App Store Server API) once per transaction id. Shared by browser and server.
 */

export const IAP_LOG_ROUTE = '/statistic/iapLog';
export const IAP_REQUEST_LOG_ROUTE = '/gsm/users/iap_request_log';

export const IAP_STORES = ['google_play', 'app_store'] as const;
export type IapStore = (typeof IAP_STORES)[number];
export const IAP_STORE_LABELS: Record<IapStore, string> = { google_play: 'Google Play', app_store: 'App Store' };

/** verified: the store confirms it; refused: the store says no (its reason kept); pending: no answer yet, retried; duplicate: a replay. */
export const IAP_STATUSES = ['verified', 'refused', 'pending', 'duplicate'] as const;
export type IapStatus = (typeof IAP_STATUSES)[number];
/** What one store request ended in (a duplicate never reaches a store). */
export const IAP_REQUEST_RESULTS = ['verified', 'refused', 'pending'] as const;

const store = z.enum(IAP_STORES, { error: `must be one of ${IAP_STORES.join(', ')}` });
const productId = z.string().trim().regex(/^[A-Za-z0-9._-]{1,150}$/, 'must be 1–150 letters, digits, dots, dashes or underscores');
const transactionId = z.string().trim().regex(/^[A-Za-z0-9._:-]{1,200}$/, 'must be 1–200 letters, digits, dots, colons, dashes or underscores');
/** Google Play's purchase token: long, URL-safe. */
const purchaseToken = z.string().trim().regex(/^[A-Za-z0-9._:-]{10,4096}$/, 'must be the purchase token Google Play gave the game (10–4096 URL-safe characters)');
/** StoreKit 2's signed transaction (compact JWS); checked for shape here, its chain and payload by the service. */
const signedTransaction = z.string().trim().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'must be a signed transaction (compact JWS: three base64url parts)').max(20_000);

/** What a purchase claim carries: the store's id for it and its proof. */
export const purchaseClaim = z.object({
  store,
  productId,
  transactionId,
  /** Google Play: required. */
  purchaseToken: purchaseToken.optional(),
  /** App Store (optional): the JWS the game got from StoreKit 2; must name the same transaction. */
  signedTransaction: signedTransaction.optional(),
});

export const verificationAnswer = z.object({
  id: z.number(),
  status: z.enum(IAP_STATUSES),
  /** The store's reason for a refusal, why it is pending, or "duplicate transaction". */
  reason: z.string(),
  store: z.enum(IAP_STORES),
  transactionId: z.string(),
  productId: z.string(),
  userId: z.string(),
  /** When this claim was received. */
  createdAt: z.string(),
  /** A duplicate: the first claim's verification (status and time). */
  first: z.object({ id: z.number(), status: z.enum(IAP_STATUSES), at: z.string() }).nullable(),
});
export type VerificationAnswer = z.infer<typeof verificationAnswer>;

const appManagerApi = contractsFor({ route: APP_MANAGER_ROUTE });
const appEditApi = contractsFor({ route: APP_MANAGER_ROUTE, actions: [APP_EDIT_ACTION] });

/** Staff verification (spec: POST api/appdata/verifyIAP). */
export const verifyIapContract = appManagerApi.post(
  '/api/appdata/verifyIAP',
  purchaseClaim.extend({
    appId: z.string().trim().min(1, 'choose an app').max(100),
    userId: z.string().trim().min(1, "enter the player's user id").max(128),
  }),
  verificationAnswer,
  { maxBody: 32_768 },
);

/** The game after each purchase: the player is the token's, never a user id the game names. */
export const sdkVerifyPurchaseContract = publicApi.post(
  '/api/sdk/v1/purchases/verify',
  purchaseClaim.extend({
    /** Optional; when sent it must be the token's player. */
    userId: z.string().trim().max(128).optional(),
  }),
  verificationAnswer,
  { maxBody: 32_768 },
);

/** The App Store Server API key of an app; the private key is write-only. */
export const storeKeySchema = z.object({ appId: z.string(), keyId: z.string(), issuerId: z.string(), hasPrivateKey: z.boolean(), updatedBy: z.string(), updatedAt: z.string() });

export const getStoreKeyContract = appManagerApi.get(
  '/api/appdata/iapStoreKey',
  z.object({ appId: z.string().trim().min(1, 'choose an app').max(100) }),
  storeKeySchema.nullable(),
);

/** The same as a list (none or one row), for the App Manager's panel (the resource kit lists rows). */
export const listStoreKeyContract = appManagerApi.get(
  '/api/appdata/iapStoreKey/list',
  z.object({ appId: z.string().trim().min(1, 'choose an app').max(100) }),
  z.array(storeKeySchema),
);

export const deleteStoreKeyContract = appEditApi.delete(
  '/api/appdata/iapStoreKey/delete',
  z.object({ appId: z.string().trim().min(1, 'choose an app').max(100) }),
  z.object({ appId: z.string() }),
);

export const saveStoreKeyContract = appEditApi.post(
  '/api/appdata/iapStoreKey',
  z.object({
    appId: z.string().trim().min(1, 'choose an app').max(100),
    keyId: z.string().trim().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id from App Store Connect'),
    issuerId: z.string().trim().regex(/^[0-9a-fA-F-]{36}$/, 'must be the issuer id (a UUID) from App Store Connect'),
    /** The .p8 file's text; left out on an update, the stored key is kept. */
    privateKey: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().includes('PRIVATE KEY', { error: 'must be the .p8 key file (PEM)' }).max(5000).optional()),
  }),
  storeKeySchema,
  { maxBody: 16_384 },
);

// ---------------------------------------------------------------- the two logs

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => v || undefined);
const dayParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD').optional();
const listPaging = listPage({ limit: 50, maxLimit: 500, maxPage: 100_000 });
const appIds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)))
  .pipe(z.array(z.string().max(100)).max(200));

/** Whether the app's product catalogue (Config Data → IAP Config) lists a purchase's product. */
export const CATALOGUE_STATES = ['listed', 'unknown'] as const;

export const iapLogQuery = z.object({
  appIds,
  status: z.enum(IAP_STATUSES).optional().or(z.literal('').transform(() => undefined)),
  catalogue: z.enum(CATALOGUE_STATES).optional().or(z.literal('').transform(() => undefined)),
  store: z.enum(IAP_STORES).optional().or(z.literal('').transform(() => undefined)),
  from: dayParam,
  to: dayParam,
  userId: optionalText(128),
  transactionId: optionalText(200),
  ...listPaging,
});
export type IapLogQuery = z.output<typeof iapLogQuery>;

export const iapLogRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  appId: z.string(),
  store: z.string(),
  productId: z.string(),
  transactionId: z.string(),
  userId: z.string(),
  source: z.string(),
  status: z.enum(IAP_STATUSES),
  reason: z.string(),
  attempts: z.number(),
  decidedAt: z.string().nullable(),
  /** 'listed' or 'unknown' in the app's catalogue; '' for purchases recorded before the catalogue was consulted. */
  catalogue: z.string(),
  /** The catalogue's product type once verified (consumable, non-consumable, subscription). */
  productType: z.string(),
  /** The price paid, e.g. "0.99 USD"; '' when neither the store nor the catalogue gives one. */
  price: z.string(),
  /** Its USD value at the rate of the purchase's day (USD, decimal), null when unknown. */
  priceUsd: z.number().nullable(),
  /** Where the price comes from: 'store' (its answer), 'catalogue' (IAP Config, the store gave none) or ''. */
  priceFrom: z.string(),
  /** The catalogue reward: "mail 12" when mailed, else why not ('' when the product has none). */
  reward: z.string(),
});
export type IapLogRow = z.infer<typeof iapLogRow>;

/**
 * The spec makes the IAP log reachable by every signed-in account (/statistic/iapLog is in the always-reachable
 * list), so the list asks only for a session; it answers only the apps the account may see.
 */
export const iapLogContract = signedInApi.get('/api/statistic/iapLog', iapLogQuery, z.array(iapLogRow), { list: true });

export const requestLogQuery = z.object({
  appIds,
  result: z.enum(IAP_REQUEST_RESULTS).optional().or(z.literal('').transform(() => undefined)),
  userId: optionalText(128),
  transactionId: optionalText(200),
  from: dayParam,
  to: dayParam,
  ...listPaging,
});
export type RequestLogQuery = z.output<typeof requestLogQuery>;

export const requestLogRow = z.object({
  id: z.number(),
  at: z.string(),
  appId: z.string(),
  store: z.string(),
  transactionId: z.string(),
  userId: z.string(),
  request: z.unknown(),
  httpStatus: z.number().nullable(),
  response: z.unknown(),
  latencyMs: z.number(),
  result: z.enum(IAP_REQUEST_RESULTS),
});
export type RequestLogRow = z.infer<typeof requestLogRow>;

export const requestLogContract = contractsFor({ route: IAP_REQUEST_LOG_ROUTE }).get(
  '/api/users/iapRequestLog',
  requestLogQuery,
  z.array(requestLogRow),
  { list: true },
);

/** The IAP log's export: the filtered rows (at most IAP_EXPORT_MAX) as CSV or XLSX. */
export const IAP_EXPORT_MAX = 50_000;
// Exports need export_report, as every report's and history log's do.
export const iapLogExportContract = contractsFor({ route: IAP_LOG_ROUTE, actions: ['export_report'] }).get(
  '/api/statistic/iapLog/export',
  iapLogQuery.omit({ page: true, limit: true }).extend({ format: z.enum(['csv', 'xlsx'], { error: 'must be csv or xlsx' }).default('xlsx') }),
  z.unknown(),
);

/** Columns of the IAP log, its screen and its export alike. */
export const IAP_LOG_COLUMNS: readonly { key: keyof IapLogRow; label: string }[] = labelled({
  createdAt: 'Received',
  appId: 'App',
  store: 'Store',
  productId: 'Product',
  transactionId: 'Transaction id',
  userId: 'User id',
  status: 'Status',
  reason: 'Reason',
  source: 'From',
  attempts: 'Store requests',
  decidedAt: 'Decided',
  catalogue: 'Catalogue',
  productType: 'Product type',
  price: 'Price',
  priceUsd: 'Price (USD)',
  priceFrom: 'Price from',
  reward: 'Reward',
});
