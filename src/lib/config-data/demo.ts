import type { Sql } from '../server/db';
import { forgetTrackingPlans } from './tracking-plan';

/**
 * The demo studio's tracking plan and product catalogue, so the tracking-plan view and the config screens have
 * something to show (issue 39). The catalogue declares the SDK's events and the studio's named counters,
 * measurements and funnels, with two planned mistakes the simulated games make: counter.booster_used is not
 * declared, and measurement.fps declares value as int while the games send fractions. Word Quest Journey has
 * adopted the plan (a tracking config) and disables counter.session_levels, so those events are dropped.
 */
export const DEMO_PLAN_APP = 'com.gsm.wordquest';

const EVENTS: [name: string, description: string, parameters?: [string, string][]][] = [
  ['first_open', 'First launch after install'],
  ['session_start', 'A play session starts'],
  ['session_end', 'A play session ends', [['duration', 'int']]],
  ['level_start', 'A level starts', [['level', 'int'], ['mode', 'string']]],
  ['level_complete', 'A level is won', [['level', 'int'], ['duration', 'int'], ['attempts', 'int']]],
  ['level_fail', 'A level is lost', [['level', 'int'], ['duration', 'int']]],
  ['task_quest', 'Quest progress'],
  ['ad_impression', 'An ad was shown (with its revenue)'],
  ['ad_view', 'Ad funnel: request, show, click, reward, failure'],
  ['iap_purchase', 'A store purchase'],
  ['resource_earn', 'Coins, gems or energy earned'],
  ['resource_spend', 'Coins, gems or energy spent'],
  ['subscription', 'Subscription start, renewal or cancel'],
  ['experiment_exposure', 'The player saw an A/B variant'],
  ['counter.daily_login', 'First session of the day', [['value', 'int']]],
  ['counter.hint_used', 'Hints used in a session', [['value', 'int']]],
  ['counter.session_levels', 'Levels won in a session', [['value', 'int']]],
  ['measurement.load_time', 'Start-up time in ms', [['value', 'int'], ['unit', 'string']]],
  ['measurement.fps', 'Frames per second', [['value', 'int'], ['unit', 'string']]],
  ['measurement.memory_mb', 'Memory in MB', [['value', 'int'], ['unit', 'string']]],
  ['funnel_step.tutorial', 'Tutorial steps', [['step', 'int'], ['stepName', 'string']]],
  ['funnel_step.shop', 'Shop funnel: open, offer, checkout, purchase', [['step', 'int'], ['stepName', 'string']]],
];

/** The app's tracking config: the plan's events it keeps, and the one it switches off. */
const APP_CONFIG: [name: string, enabled: boolean][] = [
  ['level_start', true],
  ['level_complete', true],
  ['counter.session_levels', false],
];

const PRODUCTS = [
  { productId: 'coins_small', type: 'consumable', price: '0.99', priceMicros: 990_000, currency: 'USD', reward: 'coin:1000' },
  { productId: 'gems_pack', type: 'consumable', price: '4.99', priceMicros: 4_990_000, currency: 'USD', reward: 'gem:50, hint:5' },
  { productId: 'remove_ads', type: 'non-consumable', price: '2.99', priceMicros: 2_990_000, currency: 'USD', reward: 'frame_gold:1' },
  { productId: 'vip_monthly', type: 'subscription', price: '7.99', priceMicros: 7_990_000, currency: 'USD', reward: '' },
];

export async function seedDemoConfig(tx: Sql, appIds: readonly string[]): Promise<void> {
  const insert = (kind: string, scope: string, key: string, data: unknown) =>
    tx.query(`INSERT INTO config_items (kind, scope, item_key, data, created_by, updated_by) VALUES ($1, $2, $3, $4::jsonb, 'demo', 'demo') ON CONFLICT DO NOTHING`, [kind, scope, key, JSON.stringify(data)]);
  for (const [name, description, parameters = []] of EVENTS) {
    await insert('event', '', name, { name, description, parameters: parameters.map(([n, type]) => ({ name: n, type })) });
  }
  if (appIds.includes(DEMO_PLAN_APP)) {
    for (const [eventName, enabled] of APP_CONFIG) await insert('tracking_config', DEMO_PLAN_APP, eventName, { eventName, parameters: [], enabled });
  }
  for (const appId of appIds) for (const p of PRODUCTS) await insert('iap_config', appId, p.productId, p);
  forgetTrackingPlans();
}
