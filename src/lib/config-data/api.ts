import { handle, type ApiHandler } from '../server/api/handler';
import { configContracts, deleteTeamContract, listTeamsContract, saveTeamContract } from './contract';
import { CONFIG_KINDS, type ConfigKind } from './kinds';
import { deleteConfig, deleteTeam, listConfig, listTeams, saveConfig, saveTeam } from './service';

/** The list, save and delete handlers of one configuration kind (each kind has its own paths). */
function kindApi(kind: ConfigKind): ApiHandler[] {
  const contracts = configContracts[kind];
  return [
    handle(contracts.list, async (q, ctx) => ({ data: await listConfig(ctx.db, kind, ctx.viewer, q) })),
    handle(contracts.save, async (input, ctx) => ({ data: await saveConfig(ctx.db, kind, ctx.actor, input) })),
    handle(contracts.remove, async ({ id }, ctx) => {
      await deleteConfig(ctx.db, kind, ctx.actor, id);
      return { data: { id } };
    }),
  ];
}

/** Configuration data of every kind, and teams. Listed in the area's manifest (./area.ts). */
export const configDataApi: ApiHandler[] = [
  ...CONFIG_KINDS.flatMap(kindApi),
  handle(listTeamsContract, async (_input, ctx) => ({ data: await listTeams(ctx.db) })),
  handle(saveTeamContract, async (input, ctx) => ({ data: await saveTeam(ctx.db, ctx.actor, input) })),
  handle(deleteTeamContract, async ({ id }, ctx) => {
    await deleteTeam(ctx.db, ctx.actor, id);
    return { data: { id } };
  }),
];
