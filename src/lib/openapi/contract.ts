import { z } from 'zod';
import { emptyRequest, contractsFor, signedInApi } from '../contract';

/** The OpenAPI 3.1 document of every endpoint (src/lib/openapi/document.ts); any signed-in account may read it. */
export const openApiContract = signedInApi.get('/api/openapi.json', emptyRequest, z.record(z.string(), z.unknown()));

/** The endpoints the signed-in account may call, with a request prefilled from each schema (the API tester). */
export const testerEndpointsContract = contractsFor({ route: '/utils/test' }).get(
  '/api/utils/test/endpoints',
  emptyRequest,
  z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      path: z.string(),
      tag: z.string(),
      access: z.string(),
      pathParams: z.array(z.string()),
      download: z.boolean(),
      schema: z.record(z.string(), z.unknown()),
      example: z.record(z.string(), z.unknown()),
      optional: z.array(z.string()),
    }),
  ),
);
