import { COMPARED_TO_LABEL, formatUsd, percentOfTenths, type ComparedTo } from './compare';
import { SOURCE_LABEL, type RevenueSource } from './figures';
import { formatDay } from '../time/format';

/** What an alert says, the same words in the console, the e-mail and the webhook. */
export interface AlertFacts {
  kind: 'fired' | 'recovered';
  ruleName: string;
  appId: string;
  appName: string;
  day: string;
  source: RevenueSource;
  comparedTo: ComparedTo;
  dropThreshold: number;
  currentMicros: number;
  baselineMicros: number;
  dropTenths: number;
  /** Path of the report showing the figures. */
  link: string;
}

export function alertTitle(f: AlertFacts): string {
  return f.kind === 'fired'
    ? `Ad revenue alert "${f.ruleName}": ${f.appName} dropped ${percentOfTenths(f.dropTenths)} on ${formatDay(f.day)}`
    : `Back to normal "${f.ruleName}": ${f.appName} on ${formatDay(f.day)}`;
}

export function alertSentence(f: AlertFacts): string {
  const change = f.dropTenths >= 0 ? `${percentOfTenths(f.dropTenths)} below` : `${percentOfTenths(-f.dropTenths)} above`;
  return `${SOURCE_LABEL[f.source]} of ${f.appName} (${f.appId}) on ${formatDay(f.day)}: ${formatUsd(f.currentMicros)} against ${formatUsd(f.baselineMicros)} for ${COMPARED_TO_LABEL[f.comparedTo]}, ${change} (alert at a ${f.dropThreshold} % drop).`;
}

const absolute = (link: string, consoleUrl: string | null) => (consoleUrl ? `${consoleUrl.replace(/\/+$/, '')}${link}` : link);

export function emailOf(f: AlertFacts, consoleUrl: string | null): { subject: string; text: string } {
  return { subject: alertTitle(f), text: `${alertSentence(f)}\n\nThe report: ${absolute(f.link, consoleUrl)}\n\nAll alerts: ${absolute('/alerts/index', consoleUrl)}\n` };
}

/** Slack-compatible incoming-webhook body: `text` for any receiver, `blocks` for Slack's layout. */
export function webhookBodyOf(f: AlertFacts, consoleUrl: string | null): { text: string; blocks: unknown[] } {
  const title = alertTitle(f);
  const link = absolute(f.link, consoleUrl);
  return {
    text: `${title}\n${alertSentence(f)} ${link}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title.slice(0, 150) } },
      { type: 'section', text: { type: 'mrkdwn', text: `${alertSentence(f)}\n<${link}|Open the report>` } },
    ],
  };
}
