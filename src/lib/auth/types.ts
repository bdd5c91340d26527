/** The signed-in account as every request sees it (effective permissions: role's plus the account's own). */
export interface SessionAccount {
  id: number;
  sessionId: string;
  username: string;
  role: string;
  name: string;
  avatar: string;
  introduction: string;
  paths: string[];
  privateActions: string[];
  permissions: string[];
  listApp: string[];
  canViewAllApp: boolean;
  followTeam: string[];
  excludeTeams: string[];
}

/** Who performs a mutation, and from where: what services write into the audit log. */
export interface Actor {
  account: SessionAccount;
  ip: string;
  requestId: string;
}
