import { z } from 'zod';
import { contractsFor, MAX_SERIAL_ID, removedId, serialId, textSearch, type Contract } from '../contract';
import { CONFIG_KINDS, configKinds, type ConfigKind } from './kinds';

export const configItem = z.object({
  id: z.number(),
  scope: z.string(),
  key: z.string(),
  data: z.record(z.string(), z.unknown()),
  hasSecret: z.boolean(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  /** What the item last did, where its kind acts (an alert rule: "fired 2 days ago (for 2026-11-26)"). */
  activity: z.string().nullable().optional(),
});
export type ConfigItem = z.infer<typeof configItem>;

function kindContracts(kind: ConfigKind) {
  const route = `/adminAccount/config_data/${kind}`;
  const view = contractsFor({ route });
  const edit = contractsFor({ route, actions: ['config_edit'] });
  return {
    list: view.get(
      `/api/adminAccount/config/${kind}/list`,
      z.object({ scope: z.string().trim().max(200).optional(), textSearch }),
      z.array(configItem),
    ),
    save: edit.post(
      `/api/adminAccount/config/${kind}/save`,
      z.object({ id: z.number().int().positive().max(MAX_SERIAL_ID).optional(), scope: z.string().trim().max(200).default(''), data: configKinds[kind].schema }),
      configItem,
      { maxBody: 64 * 1024 },
    ),
    remove: edit.delete(`/api/adminAccount/config/${kind}/delete`, z.object({ id: serialId() }), removedId),
  };
}

export const configContracts = Object.fromEntries(CONFIG_KINDS.map((k) => [k, kindContracts(k)])) as { [K in ConfigKind]: ReturnType<typeof kindContracts> };
/** Every config contract, for walkers (the permission test). */
export const allConfigContracts: Contract[] = CONFIG_KINDS.flatMap((k) => Object.values(configContracts[k]));

const teamRoute = '/adminAccount/config_data/team';
export const teamSchema = z.object({ id: z.number(), name: z.string(), description: z.string(), members: z.array(z.string()), apps: z.array(z.string()) });
export type Team = z.infer<typeof teamSchema>;

const teamConfigEditApi = contractsFor({ route: teamRoute, actions: ['config_edit'] });

export const listTeamsContract = contractsFor({ route: teamRoute }).get('/api/adminAccount/team/list', z.object({}), z.array(teamSchema));
export const saveTeamContract = teamConfigEditApi.post(
  '/api/adminAccount/team/save',
  z.object({
    id: z.number().int().positive().max(MAX_SERIAL_ID).optional(),
    name: z.string().trim().min(1, 'is required').max(60).refine((v) => v.toLowerCase() !== 'all', '"All" is reserved'),
    description: z.string().trim().max(300).default(''),
    members: z.array(z.string().trim().min(1).max(40)).max(200).default([]),
    apps: z.array(z.string().trim().min(1).max(200)).max(500).default([]),
  }),
  teamSchema,
);
export const deleteTeamContract = teamConfigEditApi.delete('/api/adminAccount/team/delete', z.object({ id: serialId() }), removedId);
