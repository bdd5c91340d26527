import type { SessionAccount } from '../auth/types';
import { listAccounts, teamOptions } from '../accounts/admin-service';
import type { AccountContext } from '../accounts/resources';
import type { RoleContext } from '../roles/resources';
import { basePermissions, listRoles } from '../roles/service';
import { CONFIG_KINDS } from '../config-data/kinds';
import type { ConfigContext, TeamContext } from '../config-data/resources';
import { listTeams } from '../config-data/service';
import { visibleApps } from '../dashboard/service';
import { listJobs } from '../jobs/service';
import { listExperiments } from '../experiments/service';
import { listPushes, listSettings } from '../push/service';
import { houseAdPages } from '../house-ads/pages';
import { listProgressEvents } from '../progress-events/service';
import { livePages } from '../live-events/pages';
import { listNotes } from '../research/service';
import type { Db } from '../server/db';

/**
 * What a list-and-form screen's first render needs, read on the server (never bundled for the browser):
 * the context its selects use and, where cheap, the first rows. The route table names the screen
 * (`screen: 'resource:<id>'`) and the catch-all page renders it with this, so such a screen has no .astro
 * page of its own.
 */
export interface ResourcePageData {
  context: unknown;
  initialRows?: unknown[] | null;
  /** A server-paged list: how many rows match in all (the first page is `initialRows`). */
  initialTotal?: number;
}
type Loader = (db: Db, viewer: SessionAccount) => Promise<ResourcePageData>;

const appChoices = async (db: Db, viewer: SessionAccount) => (await visibleApps(db, viewer)).map((a) => ({ id: a.id, name: a.name }));

const configPage: Loader = async (db, viewer) => {
  const [apps, teams] = await Promise.all([appChoices(db, viewer), teamOptions(db)]);
  return { context: { apps, teams: teams.map((t) => t.value) } satisfies ConfigContext };
};

export const resourcePages: Record<string, Loader> = {
  ...Object.fromEntries(CONFIG_KINDS.map((kind) => [`config-${kind}`, configPage])),
  teams: async (db, viewer) => {
    const [teams, accounts, apps] = await Promise.all([
      listTeams(db),
      db.query<{ username: string; name: string }>('SELECT username, name FROM accounts WHERE active ORDER BY username'),
      appChoices(db, viewer),
    ]);
    return { context: { accounts, apps } satisfies TeamContext, initialRows: teams };
  },
  jobs: async (db) => ({ context: {}, initialRows: await listJobs(db) }),
  accounts: async (db, viewer) => {
    const [roles, apps, teams, first] = await Promise.all([
      listRoles(db),
      appChoices(db, viewer),
      teamOptions(db),
      listAccounts(db, { page: 1, limit: 20, sort: 'username', order: 'asc' }),
    ]);
    const context: AccountContext = { me: viewer.username, roles: roles.map((r) => r.name), apps, teams: teams.map((t) => t.value) };
    return { context, initialRows: first.data, initialTotal: first.totalRecord };
  },
  experiments: async (db, viewer) => {
    const [apps, rows] = await Promise.all([appChoices(db, viewer), listExperiments(db, viewer)]);
    return { context: { apps }, initialRows: rows };
  },
  pushes: async (db, viewer) => {
    const [apps, rows] = await Promise.all([appChoices(db, viewer), listPushes(db, viewer)]);
    return { context: { apps }, initialRows: rows };
  },
  'push-settings': async (db, viewer) => {
    const [apps, rows] = await Promise.all([appChoices(db, viewer), listSettings(db, viewer)]);
    return { context: { apps }, initialRows: rows };
  },
  roles: async (db) => ({ context: basePermissions() satisfies RoleContext, initialRows: await listRoles(db) }),
  ...houseAdPages,
  'progress-events': async (db, viewer) => {
    const [apps, rows] = await Promise.all([appChoices(db, viewer), listProgressEvents(db, viewer)]);
    return { context: { apps }, initialRows: rows };
  },
  ...livePages,
  research: async (db, viewer) => {
    const [apps, first] = await Promise.all([appChoices(db, viewer), listNotes(db, viewer, { page: 1, limit: 20 })]);
    return { context: { apps }, initialRows: first.data, initialTotal: first.totalRecord };
  },
  'gift-campaigns': async (db, viewer) => ({ context: { apps: await appChoices(db, viewer) } }),
  'gift-used-logs': async (db, viewer) => ({ context: { apps: await appChoices(db, viewer) } }),
  mail: async (db, viewer) => ({ context: { apps: await appChoices(db, viewer) } }),
};
