// The benches' tracking plan (bench:analytics --plan, bench-tracking-plan.mjs): every SDK event declared with
// typed parameters for an app, through the console's own config API.
import { call } from './studio-client.mjs';

/**
 * --plan: each app's tracking config declares the SDK's events (the bare names of counter, measurement and
 * funnel_step declare every name a game gives them) with typed parameters, so every event is looked up and
 * its parameters checked. The demo studio's catalogue, seeded with the demo accounts, adds its own entries
 * (measurement.fps declares an int value the simulation sends as fractions: those events are flagged, so the
 * flagged path and its counts are in the figures too).
 */
export const PLAN = {
  first_open: [], session_start: [], session_end: [['duration', 'int']], level_start: [['level', 'int'], ['mode', 'string']],
  level_complete: [['level', 'int'], ['duration', 'int'], ['attempts', 'int']], level_fail: [['level', 'int'], ['duration', 'int'], ['attempts', 'int']],
  task_quest: [['questId', 'string']], ad_impression: [['revenueUsdMicros', 'int']], ad_view: [['placement', 'string']], iap_purchase: [['priceMicros', 'int']],
  resource_earn: [['amount', 'int']], resource_spend: [['amount', 'int']], funnel_step: [['step', 'int']], counter: [['value', 'int']],
  measurement: [['value', 'float']], subscription: [], experiment_exposure: [['variant', 'string']],
  ...(process.env.BENCH_PLAN_CLEAN ? { 'measurement.fps': [['value', 'float']] } : {}),
};
/** Declares PLAN for each app; answers the number of tracking config items saved. */
export async function declarePlan(base, token, apps) {
  let items = 0;
  for (const app of apps) {
    for (const [eventName, params] of Object.entries(PLAN)) {
      await call(base, token, 'POST', '/api/adminAccount/config/tracking_config/save', { scope: app.appId, data: { eventName, parameters: params.map(([name, type]) => ({ name, type })), enabled: true } });
      items++;
    }
  }
  return items;
}

