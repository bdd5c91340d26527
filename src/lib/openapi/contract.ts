import { z } from 'zod';
import { defineContract, emptyRequest } from '../contract';

/** The OpenAPI 3.1 document of every endpoint (src/lib/openapi/document.ts); any signed-in account may read it. */
export const openApiContract = defineContract({
  method: 'GET',
  path: '/api/openapi.json',
  request: emptyRequest,
  data: z.record(z.string(), z.unknown()),
  access: 'signedIn',
});

/** The endpoints the signed-in account may call, with a request prefilled from each schema (the API tester). */
export const testerEndpointsContract = defineContract({
  method: 'GET',
  path: '/api/utils/test/endpoints',
  request: emptyRequest,
  data: z.array(
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
  access: { route: '/utils/test' },
});
