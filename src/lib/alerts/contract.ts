import { z } from 'zod';
import { contractsFor, listPage, MAX_SERIAL_ID, serialId, signedInApi } from '../contract';

/** A delivery as the alerts list shows it: the webhook by its host only, never its URL. */
export const alertDelivery = z.object({
  channel: z.enum(['email', 'webhook']),
  target: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});

export const alertItem = z.object({
  id: z.number().int(),
  kind: z.enum(['fired', 'recovered']),
  ruleId: z.number().int().nullable(),
  ruleName: z.string(),
  appId: z.string(),
  appName: z.string(),
  day: z.string(),
  source: z.enum(['sdk', 'finance']),
  comparedTo: z.string(),
  dropThreshold: z.number().int(),
  currentMicros: z.number(),
  baselineMicros: z.number(),
  dropTenths: z.number().int(),
  title: z.string(),
  sentence: z.string(),
  /** The report showing the figures (a console path). */
  link: z.string(),
  createdAt: z.string(),
  acknowledged: z.boolean(),
  deliveries: z.array(alertDelivery),
});
export type AlertItem = z.infer<typeof alertItem>;

/** Any signed-in account: the list holds only alerts of the apps the account may see. */
export const listAlertsContract = signedInApi.get(
  '/api/alerts/list',
  z.object({ ...listPage({ limit: 50, maxLimit: 200 }), unacknowledged: z.enum(['true', 'false']).optional() }),
  z.array(alertItem),
  { list: true },
);

/** The bell's number: alerts of visible apps the account has not acknowledged. */
export const countAlertsContract = signedInApi.get('/api/alerts/count', z.object({}).strict(), z.number().int());

export const acknowledgeAlertsContract = signedInApi.post(
  '/api/alerts/acknowledge',
  z.object({ ids: z.array(z.number().int().positive().max(MAX_SERIAL_ID)).min(1, 'name at least one alert').max(500).optional(), all: z.boolean().optional() })
    .refine((v) => Boolean(v.ids) !== Boolean(v.all), 'give either ids or all: true'),
  z.object({ acknowledged: z.number().int() }),
);

export const ruleCheck = z.object({
  ruleId: z.number().int(),
  appId: z.string(),
  day: z.string(),
  figures: z.array(z.object({ day: z.string(), micros: z.number() })),
  currentMicros: z.number(),
  baselineMicros: z.number(),
  dropTenths: z.number().int(),
  fires: z.boolean(),
  outcome: z.enum(['fire', 'recover', 'none']),
  reason: z.string(),
  /** What the alert would say now, in the e-mail's words. */
  message: z.string(),
  link: z.string(),
  /** The same as a document the screen opens (server-escaped HTML). */
  document: z.object({ title: z.string(), meta: z.string(), html: z.string() }),
});
export type RuleCheckAnswer = z.infer<typeof ruleCheck>;

/** "Test this alert": who may see the alert_iaa screen and the rule's app; reads only, records and sends nothing. */
export const testAlertRuleContract = contractsFor({ route: '/adminAccount/config_data/alert_iaa' }).post(
  '/api/adminAccount/config/alert_iaa/test',
  z.object({ id: serialId() }),
  ruleCheck,
);
