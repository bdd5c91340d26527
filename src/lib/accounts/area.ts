import { appChoices } from '../apps/choices';
import { defineArea } from '../area';
import { listRoles } from '../roles/service';
import { listAccounts, teamOptions } from './admin-service';
import { accountsApi } from './api';
import type { AccountContext } from './resources';

export const accountsArea = defineArea({
  name: 'accounts',
  api: accountsApi,
  resourcePages: {
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
  },
});
