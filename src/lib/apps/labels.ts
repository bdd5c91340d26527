/**
 * Labels: taking one off an app or off every app, and which are not in use.
 */
import type { Actor } from '../auth/types';
import type { Db, Sql } from '../server/db';
import { notFound } from '../server/errors';
import { normaliseTags } from './rules';
import { visibleAppCondition } from './visibility';
import { audit, requireVisibleApp } from './rows';

export async function deleteLabel(db: Db, actor: Actor, appId: string, label: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await requireVisibleApp(tx, actor.account, appId, true);
    const labels = row.labels.filter((l) => l.toLowerCase() !== label.trim().toLowerCase());
    if (labels.length === row.labels.length) throw notFound(`App ${appId} has no label "${label}".`);
    await tx.query('UPDATE apps SET labels = $2::jsonb, updated_at = now() WHERE id = $1', [appId, JSON.stringify(labels)]);
    await audit(tx, actor, 'app_label_delete', 'app', appId, { labels: row.labels }, { labels });
    return labels;
  });
}

/** Removes a label (case-insensitive) from every app the account may see; answers how many carried it. */
export async function clearLabelOfAllApps(db: Db, actor: Actor, label: string): Promise<number> {
  return db.transaction(async (tx) => {
    const params: unknown[] = [label.trim().toLowerCase()];
    const rows = await tx.query<{ id: string; labels: string[] }>(
      `SELECT a.id, a.labels FROM apps a
        WHERE EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.labels) l WHERE lower(l) = $1) AND ${visibleAppCondition(actor.account, params)}
        FOR UPDATE`,
      params,
    );
    for (const row of rows) {
      const labels = row.labels.filter((l) => l.toLowerCase() !== params[0]);
      await tx.query('UPDATE apps SET labels = $2::jsonb, updated_at = now() WHERE id = $1', [row.id, JSON.stringify(labels)]);
    }
    await audit(tx, actor, 'app_label_clear', 'label', label, { apps: rows.map((r) => r.id) }, { apps: [] });
    return rows.length;
  });
}

/** Labels of the list that no app carries (case-insensitive), in the order given. */
export async function labelsNotInUse(db: Sql, labels: readonly string[]): Promise<string[]> {
  if (labels.length === 0) return [];
  const rows = await db.query<{ label: string }>(
    `SELECT DISTINCT lower(l) AS label FROM apps a, jsonb_array_elements_text(a.labels) l WHERE lower(l) IN (SELECT jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(labels.map((l) => l.trim().toLowerCase()))],
  );
  const used = new Set(rows.map((r) => r.label));
  return normaliseTags(labels).filter((l) => !used.has(l.toLowerCase()));
}
