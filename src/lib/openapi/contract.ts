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
