import { teamOptions } from '../accounts/admin-service';
import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import type { ResourcePageLoader } from '../resources/page-data';
import { configActivity } from './activity';
import { configDataApi } from './api';
import { seedDemoConfig } from './demo';
import { CONFIG_KINDS, type ConfigKind } from './kinds';
import type { ConfigContext, TeamContext } from './resources';
import { listTeams } from './service';

const configPage = (kind: ConfigKind): ResourcePageLoader => async (db, viewer) => {
  const [apps, teams, activity] = await Promise.all([appChoices(db, viewer), teamOptions(db), configActivity(db, viewer, kind)]);
  return { context: { apps, teams: teams.map((t) => t.value), activity } satisfies ConfigContext };
};

export const configDataArea = defineArea({
  name: 'config-data',
  api: configDataApi,
  seed: { withApps: seedDemoConfig },
  resourcePages: {
    ...Object.fromEntries(CONFIG_KINDS.map((kind) => [`config-${kind}`, configPage(kind)])),
    teams: async (db, viewer) => {
      const [teams, accounts, apps] = await Promise.all([
        listTeams(db),
        db.query<{ username: string; name: string }>('SELECT username, name FROM accounts WHERE active ORDER BY username'),
        appChoices(db, viewer),
      ]);
      return { context: { accounts, apps } satisfies TeamContext, initialRows: teams };
    },
  },
});
