import { appChoices } from '../apps/choices';
import type { ResourcePageLoader } from '../resources/page-data';
import type { CampaignContext, PublisherContext } from './resources';
import { listCampaigns, listPublishers } from './service';
import { readSettings } from './settings';

/** First renders of the in-house ads list-and-form screens (server only; named in ./area.ts). */
const apps = appChoices;

export const houseAdPages: Record<string, ResourcePageLoader> = {
  'house-campaigns': async (db, viewer) => {
    const [all, published, rows, settings] = await Promise.all([apps(db, viewer), listPublishers(db, true), listCampaigns(db), readSettings(db)]);
    return { context: { apps: all, publishers: published.map((p) => ({ id: p.appId, name: p.name })), defaults: { pacing: settings.pacing } } satisfies CampaignContext, initialRows: rows };
  },
  'house-publishers': async (db, viewer) => ({ context: { apps: await apps(db, viewer) } satisfies PublisherContext, initialRows: await listPublishers(db, true) }),
  'house-settings': async (db) => ({ context: {}, initialRows: [await readSettings(db)] }),
  'house-unpublished': async (db) => ({ context: {}, initialRows: await listPublishers(db, false) }),
};
