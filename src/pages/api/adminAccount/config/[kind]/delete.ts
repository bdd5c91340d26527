import { configKindRoute } from '../../../../../lib/config-data/route-kind';
import { configContracts } from '../../../../../lib/config-data/contract';
import { deleteConfig } from '../../../../../lib/config-data/service';
import { ready } from '../../../../../lib/server/db';
import { endpoint } from '../../../../../lib/server/endpoint';

export const DELETE = configKindRoute((kind) =>
  endpoint(configContracts[kind].remove, async ({ id }, c) => {
    await deleteConfig(await ready(), kind, c, id);
    return { data: { id } };
  }),
);
