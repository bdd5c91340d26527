import type { Actor } from '../auth/types';
import { auditAs } from '../server/audit';
import type { Db, Sql } from '../server/db';
import { creativesToText, type Creative, type SettingsInput, type SettingsRow } from './contract';
import { dropServingSnapshot } from './serving-cache';

/** The studio's house-ads defaults (Setting): one row, every change audited with before and after. */

interface SettingsDbRow {
  frequency_cap: number | null;
  fallback_creative: Creative | null;
  attribution_window_days: number;
  pacing: boolean;
  value_per_install_micros: string | number;
  updated_by: string;
  updated_at: Date | string;
}

const toRow = (r: SettingsDbRow): SettingsRow => ({
  id: 'studio',
  frequencyCap: r.frequency_cap,
  fallbackCreative: r.fallback_creative ? creativesToText([r.fallback_creative]) : '',
  attributionWindowDays: r.attribution_window_days,
  pacing: r.pacing,
  valuePerInstall: Number(r.value_per_install_micros) / 1e6,
  updatedBy: r.updated_by,
  updatedAt: new Date(r.updated_at).toISOString(),
});

export async function readSettings(db: Sql): Promise<SettingsRow> {
  const row = await db.one<SettingsDbRow>('SELECT * FROM house_ad_settings WHERE id');
  return toRow(row!);
}

/** The form's one line back into a creative ("banner 320x50 https://…"; the contract checked it). */
function parseCreative(line: string): Creative | null {
  const [format, size, url] = line.split(/\s+/);
  if (!format || !size || !url) return null;
  const [width, height] = size.toLowerCase().split('x').map(Number);
  return { format: format as Creative['format'], width: width!, height: height!, url };
}

export async function saveSettings(db: Db, actor: Actor, input: SettingsInput): Promise<SettingsRow> {
  const saved = await db.transaction(async (tx) => {
    const before = toRow((await tx.one<SettingsDbRow>('SELECT * FROM house_ad_settings WHERE id FOR UPDATE'))!);
    const row = await tx.one<SettingsDbRow>(
      `UPDATE house_ad_settings SET frequency_cap = $1, fallback_creative = $2::jsonb, attribution_window_days = $3, pacing = $4, value_per_install_micros = $6, updated_by = $5, updated_at = now()
        WHERE id RETURNING *`,
      [
        input.frequencyCap,
        input.fallbackCreative ? JSON.stringify(parseCreative(input.fallbackCreative)) : null,
        input.attributionWindowDays,
        input.pacing,
        actor.account?.username ?? '',
        Math.round(input.valuePerInstall * 1e6),
      ],
    );
    const after = toRow(row!);
    await auditAs(tx, actor, {
      action: 'house_ad.settings.update',
      entity: 'house_ad_settings',
      entityId: 'studio',
      before,
      after,
    });
    return after;
  });
  // This process serves with the new defaults from the next request; the others hear the trigger's notice.
  dropServingSnapshot();
  return saved;
}
