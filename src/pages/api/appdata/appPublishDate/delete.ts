import { publishDateDeleteContract } from '../../../../lib/apps/contract';
import { deletePublishDate } from '../../../../lib/apps/service';
import { ready } from '../../../../lib/server/db';
import { endpoint } from '../../../../lib/server/endpoint';

export const DELETE = endpoint(publishDateDeleteContract, async ({ id }, ctx) => {
  await deletePublishDate(await ready(), ctx, id);
  return { data: { id } };
});
