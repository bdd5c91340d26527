import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract, emptyRequest, type Contract } from '../lib/contract';
import { findRoute } from '../lib/routes';
import { handle } from '../lib/server/api/handler';
import { apiHandlers } from './server';
import { ApiRouter } from '../lib/server/api/router';

const key = (c: Contract) => `${c.method} ${c.path}`;

// Every contract module of the app, walked like the permission test walks them.
const modules = import.meta.glob('../../**/contract.ts', { eager: true }) as Record<string, Record<string, unknown>>;
const isContract = (v: unknown): v is Contract => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'request' in v;
const contracts = Object.values(modules)
  .flatMap((m) => Object.values(m))
  .flatMap((v) => (Array.isArray(v) ? v : isContract(v) ? [v] : typeof v === 'object' && v !== null ? Object.values(v).flatMap((k) => (isContract(k) ? [k] : Object.values(k as object))) : []))
  .filter(isContract);

describe('the API registry', () => {
  it('registers every handler under an /api path, each method + path once', () => {
    expect(apiHandlers.length).toBeGreaterThan(100);
    const seen = new Map<string, number>();
    for (const { contract } of apiHandlers) {
      expect(contract.path, key(contract)).toMatch(/^\/api\/[^?#]+$/);
      seen.set(key(contract), (seen.get(key(contract)) ?? 0) + 1);
    }
    expect([...seen].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
  });

  it('names only route paths that exist in the route table', () => {
    const unknown = apiHandlers
      .map(({ contract }) => contract)
      .filter((c) => typeof c.access === 'object' && c.access.route !== undefined && findRoute(c.access.route)?.path !== c.access.route)
      .map((c) => `${key(c)} names route ${(c.access as { route: string }).route}`);
    expect(unknown).toEqual([]);
  });

  it('has a handler for every contract of every area', () => {
    expect(contracts.length).toBeGreaterThan(100);
    const registered = new Set(apiHandlers.map(({ contract }) => key(contract)));
    expect(contracts.filter((c) => !registered.has(key(c))).map(key)).toEqual([]);
  });
});

describe('ApiRouter', () => {
  const contract = (method: Contract['method'], path: string) => defineContract({ method, path, request: emptyRequest, data: z.null(), access: 'public' });
  const answer = async () => ({ data: null });
  const handlers = [
    handle(contract('GET', '/api/things/list'), answer),
    handle(contract('POST', '/api/things/list'), answer),
    handle(contract('DELETE', '/api/things/:id'), answer),
    handle(contract('POST', '/api/things/update/:name'), answer),
  ];
  const router = new ApiRouter(handlers);

  it('finds a handler by method and path, with its decoded parameters', () => {
    const found = router.match('POST', '/api/things/update/a%20b');
    expect(found.kind === 'found' && [found.handler, found.params]).toEqual([handlers[3], { name: 'a b' }]);
    expect(router.match('GET', '/api/things/list/').kind).toBe('found');
    expect(router.match('HEAD', '/api/things/list').kind).toBe('found');
  });

  it('prefers a static segment to a parameter', () => {
    expect(router.match('DELETE', '/api/things/list')).toEqual({ kind: 'method', allow: ['GET', 'POST'] });
    const found = router.match('DELETE', '/api/things/7');
    expect(found.kind === 'found' && found.params).toEqual({ id: '7' });
  });

  it('tells an unknown path from a known path asked with another method', () => {
    expect(router.match('GET', '/api/things/nothing/here')).toEqual({ kind: 'none' });
    expect(router.match('GET', '/api/things/update/x')).toEqual({ kind: 'method', allow: ['POST'] });
    expect(router.match('POST', '/api/things/update/x/y')).toEqual({ kind: 'none' });
    expect(router.match('POST', '/api/things/update/%E0%A4%A')).toEqual({ kind: 'malformed' });
  });
});
