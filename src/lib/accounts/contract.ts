import { z } from 'zod';
import { contractsFor, emptyRequest, listPage, signedInApi, textSearch } from '../contract';
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

export const accountInfoContract = signedInApi.get('/api/adminAccount/info', emptyRequest, accountInfo);

export const changePasswordContract = signedInApi.post(
  '/api/adminAccount/changePassword',
  z.object({
    oldPassword: z.string().min(1, 'Old password is required').max(200),
    newPassword: z.string().min(1, 'New password is required').max(200),
  }),
  z.object({ ok: z.literal(true) }),
  { maxBody: 4096 },
);


const ACCOUNT_ROUTE = '/adminAccount/account';
const manage = contractsFor({ route: ACCOUNT_ROUTE, actions: ['account_manage'] });

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

const accountApi = contractsFor({ route: ACCOUNT_ROUTE });

export const allAccountContract = accountApi.get(
  '/api/adminAccount/allAccount',
  z.object({
    textSearch,
    role: z.string().trim().max(40).optional(),
    ...listPage(),
    sort: z.enum(ACCOUNT_SORT_FIELDS).default('username'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  z.array(accountRow),
  { list: true },
);

/** What a new account is made with, by either create call. */
const newAccount = {
  username: usernameSchema,
  role: roleNameSchema,
  name: displayNameSchema.default(''),
  /** Empty: a one-time random password is generated and answered once. */
  password: z.string().max(128).optional(),
  canViewAllApp: z.boolean().default(false),
  listApp: stringList().default([]),
};
/** The saved account, and its one-time password when one was generated (never answered again). */
const savedAccount = z.object({ account: accountRow, password: z.string().nullable() });

export const createAccountContract = manage.post(
  '/api/adminAccount/create',
  z.object({ ...newAccount, paths: stringList().default([]), privateActions: stringList().default([]) }),
  savedAccount,
);

/**
 * The account dialog's one save: creates an account or changes its role, app visibility, followed teams and
 * finance visibility in one transaction (each change audited), so a refusal of one part leaves nothing
 * half-written. The spec's per-part endpoints stay for scripts.
 */
export const saveAccountContract = manage.post(
  '/api/adminAccount/save',
  // The password is read for new accounts only.
  z.object({ isNew: z.boolean(), ...newAccount, followTeam: stringList().default([]), financeApps: stringList().default([]), financeTeams: stringList().default([]) }),
  savedAccount,
);

export const updateAccountContract = manage.post(
  '/api/adminAccount/update/:username',
  z.object({
    username: usernameSchema,
    role: roleNameSchema,
    paths: stringList(),
    privateActions: stringList(),
    permissions: stringList().default([]),
  }),
  accountRow,
);

export const resetPasswordContract = manage.post(
  '/api/adminAccount/resetPassword/:username',
  z.object({ username: usernameSchema }),
  z.object({ password: z.string() }),
);

export const deleteAccountContract = manage.delete(
  '/api/adminAccount/delete/:username',
  z.object({ username: usernameSchema }),
  z.object({ username: z.string() }),
);

export const deactivateAccountContract = manage.post(
  '/api/adminAccount/deactiveAccount',
  z.object({ username: usernameSchema, active: z.boolean().default(false) }),
  accountRow,
);

export const changeProfileContract = signedInApi.post(
  '/api/adminAccount/changeProfile',
  /** Without username: the caller's own profile (anyone); with another username: needs account_manage. */
  z.object({ username: usernameSchema.optional(), name: displayNameSchema, avatar: avatarSchema.default(''), introduction: introductionSchema.default('') }),
  accountRow,
);

export const updateListAppContract = manage.post(
  '/api/adminAccount/update/listApp/:username',
  z.object({ username: usernameSchema, listApp: stringList(), followTeam: stringList() }),
  accountRow,
);

export const updateExcludeTeamsContract = manage.post(
  '/api/adminAccount/updateExcludeTeams',
  z.object({ username: usernameSchema, excludeTeams: stringList() }),
  accountRow,
);

export const viewAppContract = manage.post(
  '/api/adminAccount/viewApp',
  z.object({ username: usernameSchema, canViewAllApp: z.boolean() }),
  accountRow,
);

/**
 * Usernames and roles are a map of who to attack: only accounts that may open the account list (which answers
 * the same names and roles) get them. No screen uses this picker yet (docs/decisions.md, Security).
 */
export const suggestContract = accountApi.get(
  '/api/adminAccount/suggest',
  z.object({ q: z.string().trim().max(100).default('') }),
  z.array(z.object({ username: z.string(), name: z.string(), role: z.string() })),
);

const financePermission = z.object({ username: z.string(), apps: z.array(z.string()), teams: z.array(z.string()) });

export const financePermissionGetContract = accountApi.get(
  '/api/adminAccount/financePermission/get',
  z.object({ username: usernameSchema }),
  financePermission,
);

export const financePermissionUpdateContract = manage.post(
  '/api/adminAccount/financePermission/update',
  z.object({ username: usernameSchema, apps: stringList(), teams: stringList() }),
  financePermission,
);

export const teamOptionsContract = signedInApi.get(
  '/api/adminAccount/teamOptions',
  emptyRequest,
  /** Team names for pickers; the UI prepends "All" (value all). */
  z.array(z.object({ title: z.string(), value: z.string() })),
);

/**
 * Clears the sign-in throttle of every address for one username (an administrator's unlock after a guessing
 * burst or a forgotten password). The account list could offer it as an "Unlock" action on rows that
 * lockedAccountsContract names.
 */
export const unlockAccountContract = manage.post(
  '/api/adminAccount/unlock/:username',
  z.object({ username: usernameSchema }),
  z.object({ username: z.string(), cleared: z.number().int() }),
);

/** Usernames some address is blocked from signing in as right now. */
export const lockedAccountsContract = accountApi.get('/api/adminAccount/locked', emptyRequest, z.array(z.string()));
