import type { ReportNotice } from '../reports/define';

/**
 * The two revenues of the console, named by where they come from (issue 37; docs/metrics.md "Sources"):
 * the games' own events reported by the SDK (dashboard, Main Data, the analytics money screens) and the
 * stores' and networks' reports finance imports (every finance screen). They differ by refunds, store fees,
 * networks' estimates versus final figures and events the SDK never sent; neither is wrong, they answer
 * different questions.
 */
export const REVENUE_FROM_SDK = 'from game events (SDK)';
export const REVENUE_FROM_FINANCE = 'from store and network reports (finance)';

/** The notice above every finance report. */
export const financeSourceNotice: ReportNotice = {
  tone: 'info',
  text: `Revenue here is ${REVENUE_FROM_FINANCE}: imports, the AdMob API and corrections; where none exists yet for an app-day, the console's estimate from game events fills in. The dashboard and Main Data show revenue ${REVENUE_FROM_SDK}.`,
};

/** The notice above Main Data. */
export const sdkSourceNotice: ReportNotice = {
  tone: 'info',
  text: `Revenue here is ${REVENUE_FROM_SDK}: what the games reported. Finance screens show revenue ${REVENUE_FROM_FINANCE}, after refunds and store fees.`,
};
