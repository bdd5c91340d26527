/**
 * The finance vocabulary (tracker issue 16), shared by browser and server: ad networks, stores, UA channels,
 * the sources a figure can come from, and the store fee. Import files and screens use these exact labels.
 */

/**
 * Ad networks whose revenue the studio receives (the Excel IAA template's "Network" column). House ads'
 * value is not among them: finance_refresh books it as network "In-house" (src/lib/house-ads/value.ts).
 */
export const AD_NETWORKS = ['AdMob', 'AppLovin MAX', 'Unity Ads', 'ironSource', 'Meta Audience Network'] as const;

/** How game SDKs and mediation name the networks (ad_impression events), in finance's spelling. */
const NETWORK_ALIASES: Record<string, string> = {
  admob: 'AdMob',
  'google admob': 'AdMob',
  applovin: 'AppLovin MAX',
  'applovin max': 'AppLovin MAX',
  max: 'AppLovin MAX',
  unity: 'Unity Ads',
  unityads: 'Unity Ads',
  'unity ads': 'Unity Ads',
  ironsource: 'ironSource',
  'ironsource ads': 'ironSource',
  meta: 'Meta Audience Network',
  facebook: 'Meta Audience Network',
  fan: 'Meta Audience Network',
  'meta audience network': 'Meta Audience Network',
};

/**
 * A network name from the SDK in finance's spelling, so the console's estimate of a network groups with the
 * network's own figures ("admob" and "AdMob" are one line); other names keep their spelling, capitalised.
 */
export function financeNetwork(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return 'Unknown';
  return NETWORK_ALIASES[trimmed.toLowerCase()] ?? trimmed[0]!.toUpperCase() + trimmed.slice(1);
}
/** Stores that sell in-app purchases; the OS decides the store (1 Android, 2 iOS). */
export const STORES = { 1: 'Google Play', 2: 'App Store', 3: 'Web' } as const;
/** User-acquisition channels (the Excel cost template's "Channel" column). */
export const UA_CHANNELS = ['Meta', 'Google Ads', 'Apple Search Ads', 'Unity', 'AppLovin', 'TikTok'] as const;

/** The store's share of a sale (small-business programmes of Google Play and the App Store); net = gross × (1 − fee). */
export const STORE_FEE = 0.15;

/**
 * Where figures come from. rank 1 = what the network or store reports; 2 = the console's own estimate,
 * counted only where no rank-1 figure of the same app, day, OS and kind exists; 0 = a figure of its own that
 * always counts and replaces nothing (house ads' cost-equivalent value).
 */
export const SOURCES = {
  excel_iaa: { label: 'Excel import (ad revenue)', rank: 1 },
  excel_cost: { label: 'Excel import (UA cost)', rank: 1 },
  studio_iap: { label: 'Store monthly report (IAP)', rank: 1 },
  admob: { label: 'AdMob API', rank: 1 },
  facebookig: { label: 'Facebook & Instagram import', rank: 1 },
  demo: { label: 'Demo data', rank: 1 },
  manual: { label: 'Manual correction', rank: 1 },
  console_iap: { label: 'Console analytics (IAP)', rank: 2 },
  console_ads: { label: 'Console analytics (ad revenue)', rank: 2 },
  house_ads: { label: 'In-house ads (cost-equivalent value)', rank: 0 },
} as const;
export type FinanceSource = keyof typeof SOURCES;

/** The OS numbers of the console (app_os.os). */
export const OS_LABELS: Record<number, string> = { 1: 'Android', 2: 'iOS', 3: 'WebGL' };
export const OS_BY_LABEL: Record<string, number> = { android: 1, ios: 2, webgl: 3 };

export const MICROS = 1_000_000;
