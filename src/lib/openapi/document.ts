import { z } from 'zod';
import { pathParams, type Access, type Contract } from '../contract';
import { SDK_ERRORS } from '../server/sdk-errors';
import { isSdkPath } from '../server/api/sdk-path';

/**
 * The OpenAPI 3.1 document of the console, generated from the contracts (the one description of each
 * endpoint), so it cannot drift from what the server accepts. OpenAPI 3.1 schemas are JSON Schema 2020-12,
 * which is what zod 4's toJSONSchema writes; shared sub-schemas that zod puts in `$defs` are hoisted into
 * `components.schemas` so every `$ref` resolves inside the document.
 */

export type JsonSchema = Record<string, unknown>;

/** What the generator needs of a registered handler: its contract and whether it answers `{ data }` JSON. */
export interface DocumentedEndpoint {
  contract: Contract;
  kind: 'json' | 'raw';
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Array<{ name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }>;
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  /** Who may call it, as the server checks it: 'public', 'signedIn', or the route and/or private actions. */
  'x-access': Access;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
  'x-sdk-error-codes': Array<{ code: string; status: number; retry: boolean; meaning: string }>;
}

/** `/api/x/:id` → `/api/x/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** A stable operation id: method and path words, e.g. `get_api_adminAccount_resetPassword_username`. */
export const operationId = (c: Contract) => `${c.method.toLowerCase()}${c.path.replace(/[^A-Za-z0-9]+/g, '_')}`;

/** The first path word after /api is the tag (the area as a client sees it). */
const tagOf = (path: string) => path.split('/')[2] || 'api';

class SchemaHoister {
  readonly components: Record<string, JsonSchema> = {};

  /** A zod schema as JSON Schema; its `$defs` moved to components under a name unique to this use. */
  convert(schema: z.ZodType, io: 'input' | 'output', prefix: string): JsonSchema {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const rename = new Map(Object.keys(defs).map((name) => [`#/$defs/${name}`, `#/components/schemas/${prefix}_${name}`]));
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (node && typeof node === 'object') {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(node)) {
          // zod writes `#` for a schema that refers to itself (recursion at the root).
          out[key] = key === '$ref' && typeof value === 'string' ? (rename.get(value) ?? (value === '#' ? `#/components/schemas/${prefix}` : value)) : rewrite(value);
        }
        return out;
      }
      return node;
    };
    for (const [name, def] of Object.entries(defs)) this.components[`${prefix}_${name}`] = rewrite(def) as JsonSchema;
    const root = rewrite(json) as JsonSchema;
    if (JSON.stringify(root).includes(`"#/components/schemas/${prefix}"`)) this.components[prefix] = root;
    return root;
  }
}

const errorResponse = (description: string, schema = 'Error') => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });

/** The SDK's error body and its catalogue of codes (src/lib/server/sdk-errors.ts), as the document states them. */
const SDK_ERROR_SCHEMA = {
  type: 'object',
  description: 'Every refusal of the game SDK API. `message` repeats error.message for clients built before the codes.',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: Object.keys(SDK_ERRORS) },
        message: { type: 'string' },
        field: { type: 'string', description: 'The request field a VALIDATION error is about.' },
        retryAfter: { type: 'integer', description: 'Seconds to wait before the same request can succeed (also the Retry-After header).' },
      },
      required: ['code', 'message'],
    },
    message: { type: 'string' },
  },
  required: ['error', 'message'],
};
const SDK_ERROR_CATALOGUE = Object.entries(SDK_ERRORS).map(([code, e]) => ({ code, status: e.status, retry: e.retry, meaning: e.meaning }));

function operation(endpoint: DocumentedEndpoint, hoister: SchemaHoister): OpenApiOperation {
  const { contract, kind } = endpoint;
  const id = operationId(contract);
  const request = hoister.convert(contract.request, 'input', `${id}_request`);
  const names = pathParams(contract);
  const properties = (request.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((request.required ?? []) as string[]);
  const op: OpenApiOperation = {
    operationId: id,
    summary: `${contract.method} ${contract.path}`,
    tags: [tagOf(contract.path)],
    responses: {},
    'x-access': contract.access,
  };
  const parameters: NonNullable<OpenApiOperation['parameters']> = names.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
  const rest: JsonSchema = { ...request };
  if (names.length && request.type === 'object') {
    const restProps = { ...properties };
    for (const name of names) delete restProps[name];
    rest.properties = restProps;
    if (Array.isArray(request.required)) rest.required = (request.required as string[]).filter((r) => !names.includes(r));
  }
  if (contract.method === 'GET' || contract.method === 'DELETE') {
    // Query fields: the server reads strings (lists comma-separated) and the schema coerces them.
    for (const [name, schema] of Object.entries((rest.properties ?? {}) as Record<string, JsonSchema>)) parameters.push({ name, in: 'query', required: required.has(name), schema });
  } else {
    op.requestBody = { required: true, content: { 'application/json': { schema: rest } } };
  }
  if (parameters.length) op.parameters = parameters;
  const data = hoister.convert(contract.data, 'output', `${id}_data`);
  op.responses['200'] =
    kind === 'raw'
      ? { description: 'A file or a custom answer (downloads, redirects).', content: { 'application/octet-stream': { schema: { type: 'string', contentEncoding: 'binary' } } } }
      : {
          description: contract.list ? 'A page of rows and the total count.' : 'The answer.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: contract.list ? { data, totalRecord: { type: 'integer' } } : { data },
                required: contract.list ? ['data', 'totalRecord'] : ['data'],
              },
            },
          },
        };
  if (isSdkPath(contract.path)) {
    // The SDK's refusals by status, each with the catalogue codes it may carry.
    for (const status of [...new Set(Object.values(SDK_ERRORS).map((e) => e.status))].filter((s) => s !== 405)) {
      const codes = Object.entries(SDK_ERRORS).filter(([, e]) => e.status === status).map(([code]) => code);
      op.responses[String(status)] = errorResponse(`Refused: ${codes.join(', ')}.`, 'SdkError');
    }
    return op;
  }
  op.responses['400'] = errorResponse('Bad input; the message names the field.');
  if (contract.access !== 'public') {
    op.responses['401'] = errorResponse('Not signed in.');
    op.security = [{ cookieSession: [] }, { bearer: [] }];
    if (contract.access !== 'signedIn') op.responses['403'] = errorResponse('The account lacks the route or private action in x-access.');
  }
  return op;
}

/** The whole document for a list of endpoints (the API registry's, in registration order). */
export function buildOpenApi(endpoints: readonly DocumentedEndpoint[], serverUrl = '/'): OpenApiDocument {
  const hoister = new SchemaHoister();
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.contract.path);
    (paths[path] ??= {})[endpoint.contract.method.toLowerCase()] = operation(endpoint, hoister);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'GSM Console API',
      version: '1',
      description:
        'Generated from the contracts the server validates with. Every answer is JSON `{ data }` (lists add `totalRecord`) or `{ message }` on failure. ' +
        '`x-access` on each operation says who may call it: a signed-in account permitted on the route and/or holding one of the private actions.',
    },
    servers: [{ url: serverUrl }],
    paths,
    // The SDK's error codes: status, whether the same request may succeed later, and when a game meets it.
    'x-sdk-error-codes': SDK_ERROR_CATALOGUE,
    components: {
      schemas: { Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }, SdkError: SDK_ERROR_SCHEMA, ...hoister.components },
      securitySchemes: {
        cookieSession: { type: 'apiKey', in: 'cookie', name: 'gsm_at', description: 'The session cookie the console sets at sign-in.' },
        bearer: { type: 'http', scheme: 'bearer', description: 'The access token answered by POST /api/auth/login.' },
      },
    },
  };
}
