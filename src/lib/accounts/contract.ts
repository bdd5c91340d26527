import { z } from 'zod';
import { defineContract, emptyRequest } from '../contract';
import { ACCOUNT_SORT_FIELDS, avatarSchema, displayNameSchema, introductionSchema, roleNameSchema, stringList, usernameSchema } from './rules';

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


const ACCOUNT_ROUTE = '/adminAccount/account';
const manage = { route: ACCOUNT_ROUTE, actions: ['account_manage'] } as const;

export const accountRow = z.object({
  username: z.string(),
  role: z.string(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  active: z.boolean(),
  canViewAllApp: z.boolean(),
  listApp: z.array(z.string()),
  followTeam: z.array(z.string()),
  excludeTeams: z.array(z.string()),
  paths: z.array(z.string()),
  privateActions: z.array(z.string()),
  permissions: z.array(z.string()),
  /** Which apps and teams the account sees in finance reports (apart from the apps it may open). */
  financeApps: z.array(z.string()),
  financeTeams: z.array(z.string()),
  /** Lists only: some address is blocked from signing in as this account right now (an admin may unlock it). */
  locked: z.boolean().optional(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AccountRow = z.infer<typeof accountRow>;

export const allAccountContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/allAccount',
  request: z.object({
    textSearch: z.string().trim().max(100).optional(),
    role: z.string().trim().max(40).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    sort: z.enum(ACCOUNT_SORT_FIELDS).default('username'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  data: z.array(accountRow),
  list: true,
  access: { route: ACCOUNT_ROUTE },
});

export const createAccountContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/create',
  request: z.object({
    username: usernameSchema,
    role: roleNameSchema,
    name: displayNameSchema.default(''),
    /** Empty: a one-time random password is generated and answered once. */
    password: z.string().max(128).optional(),
    canViewAllApp: z.boolean().default(false),
    listApp: stringList().default([]),
    paths: stringList().default([]),
    privateActions: stringList().default([]),
  }),
  data: z.object({ account: accountRow, password: z.string().nullable() }),
  access: manage,
});

/**
 * The account dialog's one save: creates an account or changes its role, app visibility, followed teams and
 * finance visibility in one transaction (each change audited), so a refusal of one part leaves nothing
 * half-written. The spec's per-part endpoints stay for scripts.
 */
export const saveAccountContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/save',
  request: z.object({
    isNew: z.boolean(),
    username: usernameSchema,
    name: displayNameSchema.default(''),
    role: roleNameSchema,
    /** New accounts only; empty: a one-time random password is generated and answered once. */
    password: z.string().max(128).optional(),
    canViewAllApp: z.boolean().default(false),
    listApp: stringList().default([]),
    followTeam: stringList().default([]),
    financeApps: stringList().default([]),
    financeTeams: stringList().default([]),
  }),
  data: z.object({ account: accountRow, password: z.string().nullable() }),
  access: manage,
});

export const updateAccountContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/update/:username',
  request: z.object({
    username: usernameSchema,
    role: roleNameSchema,
    paths: stringList(),
    privateActions: stringList(),
    permissions: stringList().default([]),
  }),
  data: accountRow,
  access: manage,
});

export const resetPasswordContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/resetPassword/:username',
  request: z.object({ username: usernameSchema }),
  data: z.object({ password: z.string() }),
  access: manage,
});

export const deleteAccountContract = defineContract({
  method: 'DELETE',
  path: '/api/adminAccount/delete/:username',
  request: z.object({ username: usernameSchema }),
  data: z.object({ username: z.string() }),
  access: manage,
});

export const deactivateAccountContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/deactiveAccount',
  request: z.object({ username: usernameSchema, active: z.boolean().default(false) }),
  data: accountRow,
  access: manage,
});

export const changeProfileContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/changeProfile',
  /** Without username: the caller's own profile (anyone); with another username: needs account_manage. */
  request: z.object({ username: usernameSchema.optional(), name: displayNameSchema, avatar: avatarSchema.default(''), introduction: introductionSchema.default('') }),
  data: accountRow,
  access: 'signedIn',
});

export const updateListAppContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/update/listApp/:username',
  request: z.object({ username: usernameSchema, listApp: stringList(), followTeam: stringList() }),
  data: accountRow,
  access: manage,
});

export const updateExcludeTeamsContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/updateExcludeTeams',
  request: z.object({ username: usernameSchema, excludeTeams: stringList() }),
  data: accountRow,
  access: manage,
});

export const viewAppContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/viewApp',
  request: z.object({ username: usernameSchema, canViewAllApp: z.boolean() }),
  data: accountRow,
  access: manage,
});

export const suggestContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/suggest',
  request: z.object({ q: z.string().trim().max(100).default('') }),
  data: z.array(z.object({ username: z.string(), name: z.string(), role: z.string() })),
  /**
   * Usernames and roles are a map of who to attack: only accounts that may open the account list (which answers
   * the same names and roles) get them. No screen uses this picker yet (docs/decisions.md, Security).
   */
  access: { route: ACCOUNT_ROUTE },
});

const financePermission = z.object({ username: z.string(), apps: z.array(z.string()), teams: z.array(z.string()) });

export const financePermissionGetContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/financePermission/get',
  request: z.object({ username: usernameSchema }),
  data: financePermission,
  access: { route: ACCOUNT_ROUTE },
});

export const financePermissionUpdateContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/financePermission/update',
  request: z.object({ username: usernameSchema, apps: stringList(), teams: stringList() }),
  data: financePermission,
  access: manage,
});

export const teamOptionsContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/teamOptions',
  request: emptyRequest,
  /** Team names for pickers; the UI prepends "All" (value all). */
  data: z.array(z.object({ title: z.string(), value: z.string() })),
  access: 'signedIn',
});

/**
 * Clears the sign-in throttle of every address for one username (an administrator's unlock after a guessing
 * burst or a forgotten password). The account list could offer it as an "Unlock" action on rows that
 * lockedAccountsContract names.
 */
export const unlockAccountContract = defineContract({
  method: 'POST',
  path: '/api/adminAccount/unlock/:username',
  request: z.object({ username: usernameSchema }),
  data: z.object({ username: z.string(), cleared: z.number().int() }),
  access: manage,
});

/** Usernames some address is blocked from signing in as right now. */
export const lockedAccountsContract = defineContract({
  method: 'GET',
  path: '/api/adminAccount/locked',
  request: emptyRequest,
  data: z.array(z.string()),
  access: { route: ACCOUNT_ROUTE },
});
