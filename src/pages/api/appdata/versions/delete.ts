import { versionDeleteContract } from '../../../../lib/apps/contract';
import { deleteManualVersion } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const DELETE = endpoint(versionDeleteContract, async (input, ctx) => {
  await deleteManualVersion(await ready(), ctx, input);
  return { data: { ok: true as const } };
});
