import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract';
import { apiHandlers } from '../../app/server';
import { buildOpenApi, openApiPath, type OpenApiDocument } from './document';

const doc = buildOpenApi(apiHandlers);

/** Every `$ref` string in a JSON tree. */
function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, out));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsOf(value, out);
    }
  return out;
}

/** Resolves a local JSON pointer (`#/components/schemas/x`) against the document, or undefined. */
function resolve(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), document);
}

/** A validator of JSON Schema 2020-12 (OpenAPI 3.1's dialect) that knows the document's components. */
function validatorFor(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
  return (schema: object) => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every registered contract once, with its method, path and access', () => {
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));
    const expected = apiHandlers.map((h) => `${h.contract.method} ${openApiPath(h.contract.path)}`);
    expect(listed.map((l) => l.key).sort()).toEqual([...expected].sort());
    for (const { contract } of apiHandlers) {
      const op = doc.paths[openApiPath(contract.path)]![contract.method.toLowerCase()]!;
      expect(op['x-access'], `${contract.method} ${contract.path}`).toEqual(contract.access);
      expect(op.responses['200'], `${contract.method} ${contract.path}`).toBeDefined();
    }
    expect(new Set(listed.map((l) => l.op.operationId)).size).toBe(listed.length);
  });

  it('describes path parameters, query parameters and bodies from the request schemas', () => {
    const reset = Object.entries(doc.paths).find(([p]) => p.includes('{'));
    expect(reset, 'some contract has a path parameter').toBeDefined();
    const [path, ops] = reset!;
    for (const op of Object.values(ops)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(names);
    }
    const login = doc.paths['/api/auth/login']!.post!;
    const body = login.requestBody!.content['application/json'].schema as { properties: Record<string, unknown> };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['username', 'password']));
    expect(login.security).toBeUndefined();
    const openapi = doc.paths['/api/openapi.json']!.get!;
    expect(openapi.security).toEqual([{ cookieSession: [] }, { bearer: [] }]);
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => resolve(doc, ref) === undefined)).toEqual([]);
  });

  it('has only valid JSON Schema 2020-12 for every request and answer', () => {
    // Checked against the 2020-12 meta-schema (compiling ~300 validators is too slow for a unit test; the
    // refs are checked above and compiled in the recursive case below).
    const ajv = new Ajv2020({ strict: false });
    const broken: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const schemas = [
          ...(op.parameters ?? []).map((p) => p.schema),
          ...(op.requestBody ? [op.requestBody.content['application/json'].schema] : []),
          ...Object.values(op.responses).map((r) => (r as { content?: Record<string, { schema: object }> }).content?.['application/json']?.schema ?? {}),
        ];
        for (const schema of schemas) if (!ajv.validateSchema(schema)) broken.push(`${method} ${path}: ${ajv.errorsText()}`);
      }
    expect(broken).toEqual([]);
  }, 30_000);

  it('hoists recursive schemas into components and points at them', () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = z.object({ name: z.string(), children: z.array(z.lazy(() => node)) });
    const contract = defineContract({ method: 'POST', path: '/api/tree/:id', request: z.object({ id: z.string(), root: node }), data: node, access: 'signedIn' });
    const small = buildOpenApi([{ contract, kind: 'json' }]);
    const refs = refsOf(small);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => resolve(small, ref) === undefined)).toEqual([]);
    const op = small.paths['/api/tree/{id}']!.post!;
    expect(op.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(Object.keys((op.requestBody!.content['application/json'].schema as { properties: object }).properties)).toEqual(['root']);
    // The answer validates a real tree and refuses a broken one.
    const answer = (op.responses['200'] as { content: { 'application/json': { schema: object } } }).content['application/json'].schema;
    const validate = validatorFor(small)(answer);
    expect(validate({ data: { name: 'a', children: [{ name: 'b', children: [] }] } })).toBe(true);
    expect(validate({ data: { name: 'a', children: [{ name: 3, children: [] }] } })).toBe(false);
  });
});
