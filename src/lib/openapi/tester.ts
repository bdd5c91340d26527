import type { SessionAccount } from '../auth/types';
import { mayCall, type ApiHandler } from '../server/api/handler';
import { operationId, openApiPath, type JsonSchema, type OpenApiDocument } from './document';

/** One endpoint as the API tester (/utils/test) shows it: what to send and an input prefilled from the schema. */
export interface TesterEndpoint {
  id: string;
  method: string;
  path: string;
  tag: string;
  access: string;
  /** Field names that go in the path, the query (GET/DELETE) or the JSON body. */
  pathParams: string[];
  download: boolean;
  /** The request's JSON Schema (path, query and body fields together). */
  schema: JsonSchema;
  example: Record<string, unknown>;
  optional: string[];
}

const accessText = (access: ApiHandler['contract']['access']) =>
  access === 'public' ? 'public' : access === 'signedIn' ? 'any signed-in account' : [access.route && `route ${access.route}`, access.actions && `one of ${access.actions.join(', ')}`].filter(Boolean).join(' + ');

/** A value that passes the schema's shape: its default, first enum value, minimum, or an empty value of its type. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(schema[key])) return exampleOf((schema[key] as JsonSchema[]).find((s) => s.type !== 'null'), depth + 1);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'string':
      return schema.format === 'date' ? '2026-01-01' : '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      return Object.fromEntries(Object.entries(props).filter(([k, v]) => required.has(k) || 'default' in v).map(([k, v]) => [k, exampleOf(v, depth + 1)]));
    }
    default:
      return null;
  }
}

/** The endpoints this account may call (the server's own access check), described from the OpenAPI document. */
export function testerEndpoints(handlers: readonly ApiHandler[], doc: OpenApiDocument, account: SessionAccount): TesterEndpoint[] {
  return handlers
    .filter((h) => mayCall(h.contract, account))
    .map(({ contract, kind }) => {
      const op = doc.paths[openApiPath(contract.path)]![contract.method.toLowerCase()]!;
      const fields: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const p of op.parameters ?? []) {
        fields[p.name] = p.schema;
        if (p.required) required.push(p.name);
      }
      const body = op.requestBody?.content['application/json'].schema;
      Object.assign(fields, (body?.properties ?? {}) as Record<string, JsonSchema>);
      required.push(...((body?.required ?? []) as string[]));
      const schema: JsonSchema = { type: 'object', properties: fields, required };
      return {
        id: operationId(contract),
        method: contract.method,
        path: contract.path,
        tag: op.tags[0]!,
        access: accessText(contract.access),
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        download: kind === 'raw',
        schema,
        example: exampleOf(schema) as Record<string, unknown>,
        optional: Object.keys(fields).filter((f) => !required.includes(f)),
      };
    });
}
