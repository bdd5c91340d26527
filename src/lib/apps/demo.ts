import type { Sql } from '../server/db';
import { newSdkAppKey } from './service';

/** Platforms, labels, versions and history of the demo apps (seeded with the demo data only). */
const demo = [
  {
    id: 'com.gsm.blockpuzzle', published: true, gameTypes: ['Puzzle'], labels: ['Top', 'Evergreen'], highlight: 'hot',
    os: [
      { os: 1, packageId: 'com.gsm.blockpuzzle', storeUrl: 'https://play.google.com/store/apps/details?id=com.gsm.blockpuzzle' },
      { os: 2, packageId: 'com.gsm.blockpuzzle.ios', storeUrl: 'https://apps.apple.com/app/id1600000001' },
    ],
    versions: [[1, '1.9.2', '3.4.0'], [1, '1.10.0', '3.5.1'], [1, '1.10.1', '3.5.1'], [2, '1.9.0', '3.4.0'], [2, '1.10.0', '3.5.1']],
    published_on: '2024-03-18',
    config: '{\n  "ads": { "interstitialEvery": 3, "bannerEnabled": true },\n  "dailyReward": [50, 80, 120]\n}',
  },
  {
    id: 'com.gsm.tilematch', published: true, gameTypes: ['Puzzle', 'Casual'], labels: ['Top'], highlight: '',
    os: [
      { os: 1, packageId: 'com.gsm.tilematch', storeUrl: 'https://play.google.com/store/apps/details?id=com.gsm.tilematch' },
      { os: 2, packageId: 'com.gsm.tilematch.ios', storeUrl: 'https://apps.apple.com/app/id1600000002' },
      { os: 3, packageId: 'tilematch-web', storeUrl: 'https://play.gsm-studio.dev/tilematch' },
    ],
    versions: [[1, '2.0.3', '3.5.1'], [2, '2.0.1', '3.5.0'], [3, '2.0.0', '3.5.0']],
    published_on: '2025-01-09',
    config: '{\n  "levels": { "pack": "spring", "count": 1200 }\n}',
  },
  {
    id: 'com.gsm.wordquest', published: true, gameTypes: ['Word'], labels: ['Soft launch'], highlight: 'new',
    os: [{ os: 1, packageId: 'com.gsm.wordquest', storeUrl: 'https://play.google.com/store/apps/details?id=com.gsm.wordquest' }],
    versions: [[1, '0.8.5', '3.4.0']],
    published_on: '2026-06-02',
    config: '{}',
  },
  {
    id: 'com.gsm.idleminer', published: false, gameTypes: ['Idle', 'Simulation'], labels: [], highlight: '',
    os: [
      { os: 1, packageId: 'com.gsm.idleminer', storeUrl: '' },
      { os: 2, packageId: 'com.gsm.idleminer.ios', storeUrl: '' },
    ],
    versions: [],
    published_on: null,
    config: '{}',
  },
] as const;

export async function seedDemoAppDetails(tx: Sql): Promise<void> {
  for (const app of demo) {
    const found = await tx.query(
      `UPDATE apps SET published = $2, game_types = $3::jsonb, labels = $4::jsonb, highlight = $5, config = $6::jsonb, config_text = $7 WHERE id = $1 RETURNING id`,
      [app.id, app.published, JSON.stringify(app.gameTypes), JSON.stringify(app.labels), app.highlight, app.config, app.config],
    );
    if (found.length === 0) continue;
    for (const variant of app.os) {
      await tx.query('INSERT INTO app_os (app_id, os, package_id, store_url, sdk_app_key) VALUES ($1, $2, $3, $4, $5)', [app.id, variant.os, variant.packageId, variant.storeUrl, newSdkAppKey()]);
    }
    for (const [os, version, sdkVersion] of app.versions) {
      await tx.query(
        `INSERT INTO app_versions (app_id, os, version, sdk_version, source, first_seen, last_seen) VALUES ($1, $2, $3, $4, 'sdk', now() - interval '40 days', now() - interval '1 day')`,
        [app.id, os, version, sdkVersion],
      );
    }
    if (app.published_on) {
      await tx.query(`INSERT INTO app_publish_dates (app_id, os, publish_date, note, created_by) VALUES ($1, 0, $2::date, 'First store release', 'root')`, [app.id, app.published_on]);
    }
  }
}
