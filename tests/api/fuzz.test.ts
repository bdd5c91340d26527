import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { createRequester } from '../../src/lib/http/requester';
import { apiHandlers } from '../../src/app/server';
import type { Contract } from '../../src/lib/contract';
import { scratchDatabase, startServer } from '../support/own-server';

/**
 * Bad input for every endpoint of the API registry, generated from its request schema with fast-check: each
 * field plausible, bad (wrong type, huge, NUL, lone surrogate, negative/huge/odd number, odd date, injection
 * text) or missing, plus bodies that are not objects. Sent as root (so validation and handlers are reached),
 * from an address of its own (its failed sign-ins throttle nobody else), to a server of its own (what it
 * creates disturbs no other suite). Not one answer may be ≥ 500.
 */
const CASES_PER_ENDPOINT = Number(process.env.FUZZ_CASES ?? 32);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const FROM = '127.0.0.9';

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[]; entries?: Record<string, unknown>; values?: unknown[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value the schema would likely accept, so that one bad field gets past the others. */
function plausible(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': return 'x';
    case 'number': case 'int': return 1;
    case 'bigint': return 1;
    case 'boolean': return true;
    case 'date': return '2026-01-01';
    case 'array': return depth > 3 ? [] : [plausible(def.element!, depth + 1)];
    case 'object': return depth > 3 ? {} : Object.fromEntries(Object.entries(def.shape!).map(([k, v]) => [k, plausible(v, depth + 1)]));
    case 'enum': return Object.values(def.entries ?? {})[0];
    case 'literal': return def.values?.[0];
    case 'optional': case 'default': case 'nullable': case 'readonly': case 'catch': case 'prefault': case 'nonoptional': return plausible(def.innerType!, depth);
    case 'pipe': return plausible(def.in!, depth);
    case 'union': return plausible(def.options![0]!, depth);
    default: return 'x';
  }
}

const NASTY_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', 'a\uD800', '\uDC00b', '\uD83D', 'x'.repeat(100_000), 'ÿ'.repeat(5000), '\u202Egnp.exe', '\u200B',
  '0000-00-00', '2026-02-30', '2026-13-01', '9999-12-31T99:99:99Z', '+275760-09-13T00:00:00.001Z', '-000001-01-01', '1970-01-01', 'Invalid Date',
  '1e400', '-1', '0', '-0', 'NaN', 'Infinity', '9007199254740993', '1.5', '0x10', "' OR 1=1 --", '"; DROP TABLE accounts; --', '../../etc/passwd',
  '%00', '%', '<script>alert(1)</script>', '{}', '[]', 'null', 'true', '*/5 * * * *', '0 0 30 2 *', 'a,b,,c', 'all', 'root',
];
const NASTY_NUMBERS = [-1, 0, -0, 1.5, -2_147_483_649, 2_147_483_648, 2 ** 53 + 1, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 1e21, 5e-324];

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.integer(), fc.constant(null), fc.object({ maxDepth: 1 })), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(fc.constant('x'), { minLength: 600, maxLength: 1200 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 2, maxKeys: 4 }) },
);

/** One generated request: an object body/query (some fields plausible, some bad, some missing), or a raw body. */
function inputs(contract: Contract): fc.Arbitrary<{ input: Record<string, unknown> } | { rawBody: string }> {
  const shape = defOf(contract.request).shape ?? {};
  const field = (schema: z.ZodType) => fc.oneof({ weight: 3, arbitrary: fc.constant(plausible(schema)) }, { weight: 3, arbitrary: badValue }, { weight: 1, arbitrary: fc.constant(undefined) });
  const object = fc
    .record({ fields: fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, field(v)]))), extra: fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x\u0000', 'extra'), badValue), { nil: undefined }) })
    .map(({ fields, extra }) => {
      const input = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if (extra) input[extra[0]] = extra[1];
      return { input };
    });
  if (contract.method === 'GET' || contract.method === 'DELETE') return object;
  const rawBody = fc.constantFrom('[]', '"x"', '1', 'null', '{', '{"a":', '\u0000', '{"a":"\\ud800"}', '{"__proto__":{"polluted":1}}').map((body) => ({ rawBody: body }));
  return fc.oneof({ weight: 9, arbitrary: object }, { weight: 1, arbitrary: rawBody });
}

/** Percent-encodes a path segment; a lone surrogate (not encodable as UTF-8) goes as an invalid byte sequence. */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

function queryOf(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

// Raw for every path, SDK ones included: generated bad, deep and wide bodies on purpose, sent from the fuzz's own
// local address; the typed client would refuse to compile them.
function send(baseUrl: string, method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const url = new URL(baseUrl);
  return new Promise((done, fail) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method, localAddress: FROM, headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    // A refused oversized body may close the connection under the request: that is an answer (413) being cut, not a 500.
    req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'EPIPE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? done({ status: 413, text: '' }) : fail(error)));
    req.end(body);
  });
}

async function mapLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
let token: string;
let sdkKey: string;
const appId = 'com.fuzz.target';

beforeAll(async () => {
  const pgUrl = process.env.TEST_DATABASE_URL;
  server = await startServer(pgUrl ? { DATABASE_URL: await scratchDatabase(pgUrl, 'fuzz'), SCHEDULER: 'off' } : { DATABASE_URL: '', SCHEDULER: 'off', DEMO_TELEMETRY: '0' });
  token = await server.signIn();
  const root = createRequester({ baseUrl: server.baseUrl, headers: { authorization: `Bearer ${token}` } });
  await root(createAppContract, { id: appId, name: 'Fuzz target', os: [{ os: 1, packageId: `${appId}.android` }] });
  sdkKey = (await root(appDetailContract, { appId })).data.os[0]!.sdkAppKey;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('fuzz: bad input to every endpoint of the API registry', () => {
  it(`answers every generated request below 500 (${CASES_PER_ENDPOINT} per endpoint, seed ${SEED})`, async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const started = Date.now();
    for (const [index, { contract }] of apiHandlers.entries()) {
      const cases = fc.sample(inputs(contract), { numRuns: CASES_PER_ENDPOINT, seed: SEED + index });
      await mapLimit(cases, 4, async (generated) => {
        const input = 'input' in generated ? { ...generated.input } : {};
        const path = contract.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
          const value = input[name];
          delete input[name];
          return pathSegment(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? 'x'));
        });
        const bodyless = contract.method === 'GET' || contract.method === 'DELETE';
        const target = bodyless ? `${path}${queryOf(input)}` : path;
        const body = bodyless ? undefined : 'rawBody' in generated ? generated.rawBody : JSON.stringify(input);
        // Sign-out as root would end the session the fuzz runs on: public endpoints go without it.
        const headers: Record<string, string> = contract.access === 'public' ? { 'x-sdk-key': sdkKey } : { authorization: `Bearer ${token}` };
        let answer = await send(server.baseUrl, contract.method, target, body, headers);
        if (answer.status === 401 && contract.access !== 'public') {
          token = await server.signIn();
          answer = await send(server.baseUrl, contract.method, target, body, { authorization: `Bearer ${token}` });
        }
        sent++;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) failures.push(`${contract.method} ${target.slice(0, 300)} ${body?.slice(0, 300) ?? ''} → ${answer.status} ${answer.text.slice(0, 200)}`);
      });
    }
    console.log(`[fuzz] ${server.database}: ${sent} requests to ${apiHandlers.length} endpoints in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures).toEqual([]);
  }, 180_000);
});

/**
 * Deep and wide bodies (src/lib/json-depth.ts): nesting is counted on the whole body, its outer object being
 * level 1. Built as text: JSON.stringify itself overflows the stack on 5,000 levels.
 */
const DEEP_MESSAGE = 'body: nested deeper than 32 levels';
/** `{"<field>": …}` nested `levels` deep in all (arrays: `{"<field>": {"a": [[…]]}}`), the innermost value `inner` (JSON text), other fields before it. */
function deepBody(levels: number, kind: 'arrays' | 'objects', inner: string, field = 'data', rest: Record<string, unknown> = {}): string {
  const n = levels - 1;
  // Arrays under one object, as a save or a config holds them (the field itself must be an object).
  const value = kind === 'arrays' ? `{"a":${'['.repeat(n - 1)}${inner}${']'.repeat(n - 1)}}` : `${'{"a":'.repeat(n - 1)}{"a":${inner}}${'}'.repeat(n - 1)}`;
  const head = JSON.stringify(rest).slice(1, -1);
  return `{${head ? `${head},` : ''}"${field}":${value}}`;
}
const NUL = '"\\u0000"';
const LONE_SURROGATE = '"a\\ud800"';

/**
 * What a refusal says: its message, and for the game SDK API also its catalogue code (the SDK answers
 * `{ error: { code, message, field? }, message }`, docs/sdk.md).
 */
const said = (text: string) => {
  const answer = JSON.parse(text) as { message: string; error?: { code: string } };
  return answer.error ? `${answer.error.code} ${answer.message}` : answer.message;
};

describe('fuzz: deep and wide JSON bodies', () => {
  let player: string;
  let playerId: string;
  beforeAll(async () => {
    const answer = await send(server.baseUrl, 'POST', '/api/sdk/v1/players/session', JSON.stringify({ deviceId: 'dev-fuzz-deep-1' }), { 'x-sdk-key': sdkKey });
    expect(answer.status, answer.text).toBe(200);
    ({ accessToken: player, playerId } = (JSON.parse(answer.text) as { data: { accessToken: string; playerId: string } }).data);
    // A first save (version 1), so the staff edit reaches the stored save as the issue's did.
    const saved = await send(server.baseUrl, 'PUT', '/api/sdk/v1/players/me/data', JSON.stringify({ version: 0, data: { coins: 1 } }), { 'x-sdk-key': sdkKey, 'x-player-token': player });
    expect(saved.status, saved.text).toBe(200);
  });

  /** The three endpoints where deep values once answered 500, each with the rest of its body plausible. */
  const targets = (): { name: string; method: string; path: string; field: string; rest: Record<string, unknown>; headers: Record<string, string> }[] => [
    { name: 'SDK cloud save', method: 'PUT', path: '/api/sdk/v1/players/me/data', field: 'data', rest: { version: 1 }, headers: { 'x-sdk-key': sdkKey, 'x-player-token': player } },
    { name: 'app config', method: 'POST', path: '/api/appdata/updateconfig', field: 'config', rest: { appId }, headers: { authorization: `Bearer ${token}` } },
    { name: 'staff save edit', method: 'POST', path: '/api/users/playerData/update', field: 'data', rest: { appId, userId: playerId, version: 1 }, headers: { authorization: `Bearer ${token}` } },
  ];

  it('answers 400 naming the limit to 33, 70 and 5,000 levels of arrays or objects around a NUL or a lone surrogate', async () => {
    const answers: string[] = [];
    for (const target of targets()) {
      for (const levels of [33, 70, 5000]) {
        for (const kind of ['arrays', 'objects'] as const) {
          for (const inner of [NUL, LONE_SURROGATE, '1']) {
            const answer = await send(server.baseUrl, target.method, target.path, deepBody(levels, kind, inner, target.field, target.rest), target.headers);
            answers.push(`${target.name} ${levels} ${kind} ${inner}: ${answer.status} ${said(answer.text)}`);
          }
        }
      }
    }
    const expected = answers.map((a) => `${a.slice(0, a.indexOf(': '))}: 400 ${a.startsWith('SDK') ? 'VALIDATION ' : ''}${DEEP_MESSAGE}`);
    expect(answers).toEqual(expected);
  });

  it('takes 32 levels, and finds a NUL or a lone surrogate at the bottom of them', async () => {
    const [save] = targets();
    // The body, data and 30 arrays: 32 levels.
    const ok = await send(server.baseUrl, 'PUT', save!.path, `{"version":1,"data":{"deep":${'['.repeat(30)}1${']'.repeat(30)}}}`, save!.headers);
    expect(ok.status, ok.text).toBe(200);
    const nul = await send(server.baseUrl, 'PUT', save!.path, `{"version":2,"data":{"deep":${'['.repeat(30)}${NUL}${']'.repeat(30)}}}`, save!.headers);
    expect([nul.status, said(nul.text)]).toEqual([400, `VALIDATION data.deep${'.0'.repeat(30)}: must not contain NUL characters`]);
    const lone = await send(server.baseUrl, 'POST', '/api/appdata/updateconfig', `{"appId":"${appId}","config":{"deep":${'['.repeat(30)}${LONE_SURROGATE}${']'.repeat(30)}}}`, { authorization: `Bearer ${token}` });
    expect([lone.status, JSON.parse(lone.text)]).toEqual([400, { message: `config.deep${'.0'.repeat(30)}: must not contain an unpaired UTF-16 surrogate (broken text encoding)` }]);
  });

  it('answers a config text nested deeper than 32 levels with 400 naming line, column and the limit', async () => {
    const config = `{"a":${'['.repeat(40)}1${']'.repeat(40)}}`;
    const answer = await send(server.baseUrl, 'POST', '/api/appdata/updateconfig', JSON.stringify({ appId, config }), { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.text) as { message: string }).message).toContain('line 1, column 37: nested deeper than 32 levels');
  });

  it('answers JSON nested deeper than 32 levels inside a string field (a signed transaction\'s payload, a key file) with 400', async () => {
    // A compact JWS whose payload is 7,000 arrays deep: within the field's 20,000 characters.
    const payload = Buffer.from(`{"transactionId":${'['.repeat(7000)}1${']'.repeat(7000)}}`).toString('base64url');
    const claim = { store: 'app_store', productId: 'gems', transactionId: '1234', signedTransaction: `eyJhbGciOiJFUzI1NiJ9.${payload}.c2ln` };
    const sdk = await send(server.baseUrl, 'POST', '/api/sdk/v1/purchases/verify', JSON.stringify(claim), { 'x-sdk-key': sdkKey, 'x-player-token': player });
    const staff = await send(server.baseUrl, 'POST', '/api/appdata/verifyIAP', JSON.stringify({ ...claim, appId, userId: 'p1' }), { authorization: `Bearer ${token}` });
    const keyFile = `{"client_email":"a@b.c","private_key":"-----BEGIN PRIVATE KEY-----","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const push = await send(server.baseUrl, 'POST', '/api/push/settings/save', JSON.stringify({ appId, projectId: 'fuzz-project-1', serviceAccountJson: keyFile }), { authorization: `Bearer ${token}` });
    const unreadable = 'signedTransaction: its payload is not readable JSON (or is nested deeper than 32 levels).';
    expect([sdk.status, said(sdk.text), staff.status, said(staff.text)]).toEqual([400, `VALIDATION ${unreadable}`, 400, unreadable]);
    expect([push.status, push.text]).toEqual([400, JSON.stringify({ message: 'serviceAccountJson: nested deeper than 32 levels' })]);
  });

  it('answers every endpoint that takes a body 400 naming the limit for 70 levels (413 when the body is over its limit), never 500', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { contract } of apiHandlers) {
      if (contract.method === 'GET' || contract.method === 'DELETE') continue;
      for (const [levels, kind] of [[70, 'arrays'], [70, 'objects'], [5000, 'arrays']] as const) {
        const body = deepBody(levels, kind, NUL);
        const path = contract.path.replace(/:([A-Za-z_]+)/g, 'x');
        const headers: Record<string, string> = contract.access === 'public' ? { 'x-sdk-key': sdkKey, 'x-player-token': player } : { authorization: `Bearer ${token}` };
        const answer = await send(server.baseUrl, contract.method, path, body, headers);
        checked++;
        const over = Buffer.byteLength(body) > (contract.maxBody ?? 1024 * 1024);
        const expected = over ? 413 : 400;
        const message = answer.text ? (JSON.parse(answer.text) as { message?: string }).message : '';
        if (answer.status !== expected || (!over && message !== DEEP_MESSAGE)) failures.push(`${contract.method} ${contract.path} ${levels} ${kind}: ${answer.status} ${answer.text.slice(0, 200)}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('takes wide bodies (10,000 fields or 20,000 items on one level) on the three endpoints', async () => {
    const wideObject = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, [i, { v: 'x' }]]));
    const wideArray = { items: Array.from({ length: 20_000 }, (_, i) => i) };
    // A player of its own, without a save yet.
    const session = await send(server.baseUrl, 'POST', '/api/sdk/v1/players/session', JSON.stringify({ deviceId: 'dev-fuzz-wide-1' }), { 'x-sdk-key': sdkKey });
    const wide = (JSON.parse(session.text) as { data: { accessToken: string; playerId: string } }).data;
    const sdk = { 'x-sdk-key': sdkKey, 'x-player-token': wide.accessToken };
    const staff = { authorization: `Bearer ${token}` };
    const calls: [string, string, unknown, Record<string, string>][] = [
      ['PUT', '/api/sdk/v1/players/me/data', { version: 0, data: wideObject }, sdk],
      ['PUT', '/api/sdk/v1/players/me/data', { version: 1, data: wideArray }, sdk],
      ['POST', '/api/appdata/updateconfig', { appId, config: wideObject }, staff],
      ['POST', '/api/appdata/updateconfig', { appId, config: wideArray }, staff],
      ['POST', '/api/users/playerData/update', { appId, userId: wide.playerId, version: 2, data: wideObject }, staff],
      ['POST', '/api/users/playerData/update', { appId, userId: wide.playerId, version: 3, data: wideArray }, staff],
    ];
    const statuses: string[] = [];
    for (const [method, path, body, headers] of calls) statuses.push(`${path}: ${(await send(server.baseUrl, method, path, JSON.stringify(body), headers)).status}`);
    expect(statuses).toEqual(calls.map(([, path]) => `${path}: 200`));
  });
});
