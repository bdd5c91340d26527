import { serverConfig } from '../server/config';
import { encryptSecret } from '../server/crypto';

/**
 * What an alert_iaa rule stores: its clear fields, and its webhook URL sealed in the item's secret (a Slack
 * webhook URL is a credential: whoever has it can post to the channel). The clear data keeps only the
 * URL's host and the last four characters, which is what lists and logs show.
 */
export function maskWebhook(url: string): string {
  try {
    return `${new URL(url).host}/…${url.slice(-4)}`;
  } catch {
    return '(invalid URL)';
  }
}

export function prepareAlertRule(
  data: Record<string, unknown>,
  existing: { item_key: string; data: Record<string, unknown>; secret: string | null } | undefined,
): { key: string; data: Record<string, unknown>; secret: string | null } {
  const { webhookUrl, removeWebhook, ...clear } = data as { webhookUrl?: string; removeWebhook?: boolean } & Record<string, unknown>;
  const key = String(clear.name);
  if (webhookUrl) return { key, data: { ...clear, webhook: maskWebhook(webhookUrl) }, secret: encryptSecret(webhookUrl, serverConfig().secretKey) };
  if (removeWebhook || !existing?.secret) return { key, data: { ...clear, webhook: '' }, secret: null };
  return { key, data: { ...clear, webhook: existing.data.webhook ?? '' }, secret: existing.secret };
}
