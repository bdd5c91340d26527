import { z } from 'zod';

/**
 * The configuration kinds of /adminAccount/config_data: each a zod schema for its data, what scopes it
 * (an app, or nothing), which field is its key, and how the generic screen shows and edits it.
 */
const name = z.string().trim().min(1, 'is required').max(100);
const identifier = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_.]{0,63}$/, 'must start with a letter and use letters, digits, _ or . (max 64)');
const paramType = z.enum(['string', 'int', 'float', 'bool']);
const parameters = z.array(z.object({ name: identifier, type: paramType })).max(50).refine((ps) => new Set(ps.map((p) => p.name)).size === ps.length, 'parameter names must be unique');

export const configKinds = {
  iap_config: {
    title: 'IAP Config',
    scope: 'app' as const,
    keyField: 'productId',
    schema: z.object({
      productId: z.string().trim().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, dots, dashes or underscores'),
      type: z.enum(['consumable', 'non-consumable', 'subscription']),
      // Money is never a float: a decimal string, stored as given and as integer micros.
      price: z.string().trim().regex(/^\d{1,7}(\.\d{1,4})?$/, 'must be a decimal amount like 4.99'),
      currency: z.string().trim().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like USD'),
      // Items of the app mailed once per verified purchase (src/lib/iap/catalogue.ts); the items are checked on save.
      reward: z
        .string()
        .trim()
        .max(500)
        .regex(/^$|^[A-Za-z][A-Za-z0-9_.-]{0,63}\s*:\s*\d{1,10}(\s*,\s*[A-Za-z][A-Za-z0-9_.-]{0,63}\s*:\s*\d{1,10}){0,19}$/, 'must be a list of items like coin:100, gem:5')
        .default(''),
    }),
    columns: ['productId', 'type', 'price', 'currency', 'reward'],
  },
  tracking_config: {
    title: 'Tracking Config',
    scope: 'app' as const,
    keyField: 'eventName',
    schema: z.object({ eventName: identifier, parameters, enabled: z.boolean().default(true) }),
    columns: ['eventName', 'parameters', 'enabled'],
  },
  event: {
    title: 'Event',
    scope: 'none' as const,
    keyField: 'name',
    schema: z.object({ name: identifier, description: z.string().trim().max(500).default(''), parameters }),
    columns: ['name', 'description', 'parameters'],
  },
  ga_service_account: {
    title: 'GA Service Account',
    scope: 'app-or-team' as const,
    keyField: 'clientEmail',
    // The pasted key file; only client_email, project and key id are kept in the clear.
    schema: z.object({ serviceAccountJson: z.string().max(20_000).optional(), label: z.string().trim().max(100).default('') }),
    columns: ['clientEmail', 'projectId', 'keyId', 'label'],
  },
  alert_iaa: {
    title: 'Alert IAA',
    scope: 'app' as const,
    keyField: 'name',
    schema: z.object({
      name,
      // Which ad revenue is watched (docs/metrics.md "Revenue alerts"): the games' own (SDK) or finance's.
      source: z.enum(['sdk', 'finance']).default('sdk'),
      comparedTo: z.enum(['previous_day', 'same_day_last_week', 'average_7_days']),
      dropPercent: z.number().int().min(1).max(100),
      minRevenueUsd: z.number().min(0).max(10_000_000).default(0),
      recipients: z.array(z.string().trim().min(1).max(200)).min(1, 'needs at least one recipient').max(50),
      enabled: z.boolean().default(true),
      // A Slack-compatible incoming webhook: sealed like a key file, shown by its host only. Empty keeps the stored one.
      webhookUrl: z.string().trim().max(2000).regex(/^(https?:\/\/[^\s]+)?$/, 'must be an http(s) URL').optional(),
      removeWebhook: z.boolean().optional(),
    }),
    columns: ['name', 'source', 'comparedTo', 'dropPercent', 'minRevenueUsd', 'recipients', 'webhook', 'enabled'],
  },
} as const;

export type ConfigKind = keyof typeof configKinds;
export const CONFIG_KINDS = Object.keys(configKinds) as ConfigKind[];

/** A Google service-account key file: what must be in it for Analytics access. */
export const serviceAccountFile = z.object({
  type: z.literal('service_account'),
  project_id: z.string().min(1),
  private_key_id: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  client_email: z.email(),
});
