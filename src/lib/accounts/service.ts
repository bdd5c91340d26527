import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import type { AccountInfo } from './contract';
import { countUnreadPosts } from '../posts/unread';

/** GET /api/adminAccount/info: the session account plus its profile and unread count. */
export async function accountInfoOf(db: Sql, account: SessionAccount): Promise<AccountInfo> {
  return {
    username: account.username,
    role: account.role,
    name: account.name,
    avatar: account.avatar,
    introduction: account.introduction,
    paths: account.paths,
    privateActions: account.privateActions,
    permissions: account.permissions,
    listApp: account.listApp,
    canViewAllApp: account.canViewAllApp,
    followTeam: account.followTeam,
    excludeTeams: account.excludeTeams,
    countNotification: await countUnreadPosts(db, account.id),
  };
}
