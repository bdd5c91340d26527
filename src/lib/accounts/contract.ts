import { z } from 'zod';
import { defineContract, emptyRequest } from '../contract';

export const accountInfo = z.object({
  username: z.string(),
  role: z.string(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  paths: z.array(z.string()),
  privateActions: z.array(z.string()),
  permissions: z.array(z.string()),
  listApp: z.array(z.string()),
  canViewAllApp: z.boolean(),
  followTeam: z.array(z.string()),
  excludeTeams: z.array(z.string()),
  countNotification: z.number().int(),
});
export type AccountInfo = z.infer<typeof accountInfo>;

export const accountInfoContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/info',
  request: emptyRequest,
  data: accountInfo,
  access: 'signedIn',
});

export const changePasswordContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/changePassword',
  request: z.object({
    oldPassword: z.string().min(1, 'Old password is required').max(200),
    newPassword: z.string().min(1, 'New password is required').max(200),
  }),
  data: z.object({ ok: z.literal(true) }),
  access: 'signedIn',
  maxBody: 4096,
});
