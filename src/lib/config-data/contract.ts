import { z } from 'zod';
import { defineContract, type Contract, MAX_SERIAL_ID } from '../contract';
import { CONFIG_KINDS, configKinds, type ConfigKind } from './kinds';

export const configItem = z.object({
  id: z.number(),
  scope: z.string(),
  key: z.string(),
  data: z.record(z.string(), z.unknown()),
  hasSecret: z.boolean(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type ConfigItem = z.infer<typeof configItem>;

function contractsFor(kind: ConfigKind) {
  const route = `/adminAccount/config_data/${kind}`;
  return {
    list: defineContract({
      method: 'GET',
      path: `/api/adminAccount/config/${kind}/list`,
      request: z.object({ scope: z.string().trim().max(200).optional(), textSearch: z.string().trim().max(100).optional() }),
      data: z.array(configItem),
      access: { route },
    }),
    save: defineContract({
      method: 'POST',
      path: `/api/adminAccount/config/${kind}/save`,
      request: z.object({ id: z.number().int().positive().max(MAX_SERIAL_ID).optional(), scope: z.string().trim().max(200).default(''), data: configKinds[kind].schema }),
      data: configItem,
      access: { route, actions: ['config_edit'] },
      maxBody: 64 * 1024,
    }),
    remove: defineContract({
      method: 'DELETE',
      path: `/api/adminAccount/config/${kind}/delete`,
      request: z.object({ id: z.coerce.number().int().positive().max(MAX_SERIAL_ID) }),
      data: z.object({ id: z.number() }),
      access: { route, actions: ['config_edit'] },
    }),
  };
}

export const configContracts = Object.fromEntries(CONFIG_KINDS.map((k) => [k, contractsFor(k)])) as { [K in ConfigKind]: ReturnType<typeof contractsFor> };
/** Every config contract, for walkers (the permission test). */
export const allConfigContracts: Contract[] = CONFIG_KINDS.flatMap((k) => Object.values(configContracts[k]));

const teamRoute = '/adminAccount/config_data/team';
export const teamSchema = z.object({ id: z.number(), name: z.string(), description: z.string(), members: z.array(z.string()), apps: z.array(z.string()) });
export type Team = z.infer<typeof teamSchema>;

export const listTeamsContract = defineContract({ method: 'GET', path: '/api/adminAccount/team/list', request: z.object({}), data: z.array(teamSchema), access: { route: teamRoute } });
export const saveTeamContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/team/save',
  request: z.object({
    id: z.number().int().positive().max(MAX_SERIAL_ID).optional(),
    name: z.string().trim().min(1, 'is required').max(60).refine((v) => v.toLowerCase() !== 'all', '"All" is reserved'),
    description: z.string().trim().max(300).default(''),
    members: z.array(z.string().trim().min(1).max(40)).max(200).default([]),
    apps: z.array(z.string().trim().min(1).max(200)).max(500).default([]),
  }),
  data: teamSchema,
  access: { route: teamRoute, actions: ['config_edit'] },
});
export const deleteTeamContract = defineContract({
  method: 'DELETE',
  path: '/api/adminAccount/team/delete',
  request: z.object({ id: z.coerce.number().int().positive().max(MAX_SERIAL_ID) }),
  data: z.object({ id: z.number() }),
  access: { route: teamRoute, actions: ['config_edit'] },
});
