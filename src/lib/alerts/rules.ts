import type { Sql } from '../server/db';
import type { ComparedTo } from './compare';
import type { RevenueSource } from './figures';

/** An alert_iaa configuration item (src/lib/config-data/kinds.ts) as the evaluation reads it. */
export interface AlertRule {
  id: number;
  appId: string;
  name: string;
  source: RevenueSource;
  comparedTo: ComparedTo;
  dropPercent: number;
  minRevenueUsd: number;
  recipients: string[];
  enabled: boolean;
  /** The webhook's host as shown (the URL itself is sealed in `sealedWebhook`); '' without one. */
  webhook: string;
  sealedWebhook: string | null;
}

type Row = { id: number; scope: string; data: Record<string, unknown>; secret: string | null };

function toRule(r: Row): AlertRule {
  const d = r.data;
  return {
    id: r.id,
    appId: r.scope,
    name: String(d.name ?? ''),
    source: d.source === 'finance' ? 'finance' : 'sdk',
    comparedTo: (d.comparedTo as ComparedTo) ?? 'previous_day',
    dropPercent: Number(d.dropPercent ?? 30),
    minRevenueUsd: Number(d.minRevenueUsd ?? 0),
    recipients: Array.isArray(d.recipients) ? d.recipients.map(String) : [],
    enabled: d.enabled !== false,
    webhook: typeof d.webhook === 'string' ? d.webhook : '',
    sealedWebhook: r.secret,
  };
}

/** The rules to evaluate (enabled ones), or one rule by id whatever its state (the "Test this alert" action). */
export async function loadRules(db: Sql, only?: { id: number }): Promise<AlertRule[]> {
  const rows = await db.query<Row>(
    `SELECT id, scope, data, secret FROM config_items WHERE kind = 'alert_iaa' AND ($1::int IS NULL OR id = $1) ORDER BY id`,
    [only?.id ?? null],
  );
  return rows.map(toRule).filter((r) => only || r.enabled);
}

/** Recipients that are e-mail addresses (the others are console accounts, who see the alert in the console). */
export const emailRecipients = (rule: AlertRule) => rule.recipients.filter((r) => /^[^\s@]+@[^\s@]+$/.test(r));
