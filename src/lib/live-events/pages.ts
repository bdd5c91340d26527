import type { SessionAccount } from '../auth/types';
import { visibleApps } from '../dashboard/service';
import type { Db } from '../server/db';
import { TEMPLATE_OF, type EventKind, type TemplateKind } from './contract';
import type { LiveContext } from './resources';
import { listEvents, listTemplates } from './service';

/** First renders of the live-event screens: the apps and templates their forms choose from, and the first rows. */
async function context(db: Db, viewer: SessionAccount, kind: TemplateKind, exp = false): Promise<LiveContext> {
  const [apps, templates] = await Promise.all([visibleApps(db, viewer), listTemplates(db, viewer, kind)]);
  return {
    apps: apps.map((a) => ({ id: a.id, name: a.name })),
    // An exp ranking adds up experience, so only templates whose scores add up fit it.
    templates: templates.filter((t) => !exp || t.scoring === 'increment').map((t) => ({ id: t.id, name: t.name, appId: t.appId, scoring: t.scoring, durationHours: t.durationHours, rewardSpec: t.rewardSpec })),
  };
}

const templatePage = (kind: TemplateKind) => async (db: Db, viewer: SessionAccount): Promise<{ context: LiveContext; initialRows: unknown[] }> => {
  const [ctx, rows] = await Promise.all([context(db, viewer, kind), listTemplates(db, viewer, kind)]);
  return { context: ctx, initialRows: rows };
};
const eventPage = (kind: EventKind) => async (db: Db, viewer: SessionAccount): Promise<{ context: LiveContext; initialRows: unknown[] }> => {
  const [ctx, rows] = await Promise.all([context(db, viewer, TEMPLATE_OF[kind], kind === 'exp'), listEvents(db, viewer, kind)]);
  return { context: ctx, initialRows: rows };
};

export const livePages = {
  'live-templates-ranking': templatePage('ranking'),
  'live-templates-season': templatePage('season'),
  'live-events-ranking': eventPage('ranking'),
  'live-events-exp': eventPage('exp'),
  'live-events-season': eventPage('season'),
};
