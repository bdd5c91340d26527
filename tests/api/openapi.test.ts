import { describe, expect, it } from 'vitest';
import { testerEndpointsContract } from '../../src/lib/openapi/contract';
import { ownAccount, raw, rejection } from './helpers';

describe('the OpenAPI document and the API tester', () => {
  it('serves the OpenAPI 3.1 document to a signed-in account only', async () => {
    expect((await raw('GET', '/api/openapi.json')).status).toBe(401);
    const someone = await ownAccount('oa-any');
    const doc = await raw('GET', '/api/openapi.json', { token: someone.tokens.accessToken });
    expect(doc.status).toBe(200);
    const body = doc.json as unknown as { openapi: string; paths: Record<string, Record<string, { 'x-access': unknown }>> };
    expect(body.openapi).toBe('3.1.0');
    expect(body.paths['/api/hcns/worklog/{id}']?.delete?.['x-access']).toEqual({ route: '/hcns/worklog' });
  });

  it('lists only the endpoints the account may call, with a request prefilled from the schema', async () => {
    const tester = await ownAccount('oa-tester', { paths: ['/utils/test', '/hcns/worklog'] });
    const { data } = await tester(testerEndpointsContract, {});
    const keys = data.map((e) => `${e.method} ${e.path}`);
    expect(keys).toContain('GET /api/hcns/worklog');
    expect(keys).toContain('DELETE /api/hcns/worklog/:id');
    expect(keys).toContain('GET /api/openapi.json');
    expect(keys).not.toContain('GET /api/hcns/worklogByTeam');
    // Route-gated endpoints of screens it lacks are left out; signed-in ones (its own profile) stay.
    expect(keys).not.toContain('GET /api/adminAccount/team/list');
    expect(keys).not.toContain('POST /api/adminAccount/team/save');
    expect(keys).toContain('POST /api/adminAccount/changePassword');
    const save = data.find((e) => e.path === '/api/hcns/worklog/save')!;
    expect(Object.keys(save.example)).toEqual(expect.arrayContaining(['date', 'hours', 'project', 'task']));
    expect(save.optional).toEqual(expect.arrayContaining(['id', 'note']));
    expect(data.find((e) => e.path === '/api/hcns/worklog/:id')?.pathParams).toEqual(['id']);
    const without = await ownAccount('oa-none', { paths: ['/hcns/worklog'] });
    expect((await rejection(without(testerEndpointsContract, {}))).status).toBe(403);
  });
});
