import type { ConfigKind } from './kinds';

/** What each config kind does, said above its list (issue 39); the server adds when it last acted (./activity.ts). Browser-safe. */
export const CONFIG_PURPOSE: Partial<Record<ConfigKind, string>> = {
  tracking_config:
    'Per app, enables or disables each event of the tracking plan: ingestion drops a disabled event (counted, never stored) and checks the parameter types listed here.',
  event:
    'The studio\u2019s event catalogue: events the games may send and their typed parameters. Ingestion flags an event that is not declared, or a parameter of another type (the SDK answer says which).',
  iap_config:
    'The product catalogue: purchase verification flags a product id not listed here, takes the price here when the store gives none (at the day\u2019s USD rate), and mails the reward (coin:100, gem:5) once per verified purchase.',
};
