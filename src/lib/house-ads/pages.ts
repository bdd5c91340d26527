import type { SessionAccount } from '../auth/types';
import { visibleApps } from '../dashboard/service';
import type { Db } from '../server/db';
import type { CampaignContext, PublisherContext } from './resources';
import { listCampaigns, listPublishers } from './service';
import { readSettings } from './settings';

/** As src/lib/resources/pages.ts's ResourcePageData (importing it would make a cycle). */
interface ResourcePageData {
  context: unknown;
  initialRows?: unknown[] | null;
}

/** First renders of the in-house ads list-and-form screens (server only; src/lib/resources/pages.ts). */

const apps = async (db: Db, viewer: SessionAccount) => (await visibleApps(db, viewer)).map((a) => ({ id: a.id, name: a.name }));

export const houseAdPages: Record<string, (db: Db, viewer: SessionAccount) => Promise<ResourcePageData>> = {
  'house-campaigns': async (db, viewer) => {
    const [all, published, rows, settings] = await Promise.all([apps(db, viewer), listPublishers(db, true), listCampaigns(db), readSettings(db)]);
    return { context: { apps: all, publishers: published.map((p) => ({ id: p.appId, name: p.name })), defaults: { pacing: settings.pacing } } satisfies CampaignContext, initialRows: rows };
  },
  'house-publishers': async (db, viewer) => ({ context: { apps: await apps(db, viewer) } satisfies PublisherContext, initialRows: await listPublishers(db, true) }),
  'house-settings': async (db) => ({ context: {}, initialRows: [await readSettings(db)] }),
  'house-unpublished': async (db) => ({ context: {}, initialRows: await listPublishers(db, false) }),
};
