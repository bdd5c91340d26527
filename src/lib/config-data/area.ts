import { teamOptions } from '../accounts/admin-service';
import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import type { ResourcePageLoader } from '../resources/page-data';
import { configDataApi } from './api';
import { CONFIG_KINDS } from './kinds';
import type { ConfigContext, TeamContext } from './resources';
import { listTeams } from './service';

const configPage: ResourcePageLoader = async (db, viewer) => {
  const [apps, teams] = await Promise.all([appChoices(db, viewer), teamOptions(db)]);
  return { context: { apps, teams: teams.map((t) => t.value) } satisfies ConfigContext };
};

export const configDataArea = defineArea({
  name: 'config-data',
  api: configDataApi,
  resourcePages: {
    ...Object.fromEntries(CONFIG_KINDS.map((kind) => [`config-${kind}`, configPage])),
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
