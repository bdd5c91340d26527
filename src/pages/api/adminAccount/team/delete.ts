import { deleteTeamContract } from '../../../../lib/config-data/contract';
import { deleteTeam } from '../../../../lib/config-data/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const DELETE = endpoint(deleteTeamContract, async ({ id }, ctx) => {
  await deleteTeam(await ready(), ctx, id);
  return { data: { id } };
});
