import { beforeAll, describe, expect, it } from 'vitest';
import { campaignActiveContract, campaignCreateContract } from '../../src/lib/gift-codes/contract';
import { eventApis, templateApis } from '../../src/lib/live-events/contract';
import { consoleTimeText } from '../../src/lib/progress-events/contract';
import { SDK_ERRORS } from '../../src/lib/server/sdk-errors';
import { createSdkClient, ok, SdkApiError } from '../../src/lib/sdk-client/client';
import { nowMs } from '../../src/lib/time/clock';
import { answerOf, newGameApp, newPlayer, sdkAs, sdkOf, type GameApp, type Player } from './game-players';
import { baseUrl, raw, signedInAs, uniqueName, type Session } from './helpers';

/**
 * The SDK API's error model (issue 38): every refusal is `{ error: { code, message, field?, retryAfter? }, message }`
 * with a code of the catalogue (src/lib/server/sdk-errors.ts, docs/sdk.md, the OpenAPI document) whose status
 * is the answer's. The contract test walks every SDK operation of the served document with the refusals a game can
 * provoke without data (no key, a wrong key, no token, a bad body); the others provoke the named codes one by one.
 */

type ErrorBody = { error?: { code: string; message: string; field?: string; retryAfter?: number }; message?: string };
let root: Session;
let app: GameApp;
let player: Player;

/** The answer is a catalogue error of its status, with `message` at the top too. */
function expectCatalogued(answer: { status: number; json: unknown }, where: string) {
  const body = answer.json as ErrorBody;
  expect(body?.error?.code, `${where}: ${JSON.stringify(body)}`).toBeDefined();
  const code = body.error!.code as keyof typeof SDK_ERRORS;
  expect(SDK_ERRORS[code], `${where}: ${code} is not in the catalogue`).toBeDefined();
  expect([where, SDK_ERRORS[code].status]).toEqual([where, answer.status]);
  expect(body.message).toBe(body.error!.message);
  return body.error!;
}

beforeAll(async () => {
  root = await signedInAs('root');
  app = await newGameApp('sdkerr');
  player = await newPlayer(app.android);
});

describe('the contract: every SDK refusal carries a catalogue code', () => {
  it('walks every SDK operation of the served OpenAPI document: no key, an unknown key, no token, a body of the wrong kinds', async () => {
    const doc = await raw('GET', '/api/openapi.json', { token: root.tokens.accessToken });
    const document = (doc.json.data ?? doc.json) as { paths: Record<string, Record<string, unknown>>; 'x-sdk-error-codes': { code: string; status: number }[] };
    // The document's catalogue is the server's.
    expect(document['x-sdk-error-codes'].map((c) => [c.code, c.status])).toEqual(Object.entries(SDK_ERRORS).map(([code, e]) => [code, e.status]));
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/sdk/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })));
    expect(operations.length).toBeGreaterThanOrEqual(25);
    let refusals = 0;
    for (const { method, path } of operations) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ clientId: {}, value: 'x', mailId: true, code: [], token: 5, deviceId: 1, version: 'v', events: 'x', store: 1 });
      const query = body === undefined ? '?level=abc&placement=%00&format=x' : '';
      for (const headers of [{}, { 'x-sdk-key': 'no-such-key' }, { 'x-sdk-key': app.android }, { 'x-sdk-key': app.android, 'x-player-token': player.token }] as Record<string, string>[]) {
        // Raw: wrong keys, tokens and kinds on purpose, on every path; the typed client would refuse to compile them.
        const answer = await raw(method, `${path}${query}`, { body, headers });
        if (answer.status < 400) continue;
        refusals++;
        const error = expectCatalogued(answer, `${method} ${path} ${JSON.stringify(headers)}`);
        if (error.code === 'VALIDATION') expect(error.field, `${method} ${path}: ${error.message}`).toBeTruthy();
      }
    }
    expect(refusals).toBeGreaterThan(operations.length * 3);
    // An unknown SDK path and a wrong method answer the same shape.
    // Raw: a path and a method the document does not have (the typed client would refuse to compile them).
    expect(expectCatalogued(await raw('GET', '/api/sdk/v1/nothing-here'), 'unknown path').code).toBe('NOT_FOUND');
    expect(expectCatalogued(await raw('DELETE', '/api/sdk/v1/mail/claim'), 'wrong method').code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('refusals before any handler runs', () => {
  it('a bad URL, an unknown path, a wrong method, a body too large, not JSON or of another type each carry their code', async () => {
    const headers = { 'x-sdk-key': app.android, 'x-player-token': player.token };
    // Raw: broken URLs, bodies, media types and headers on purpose; the typed client would refuse to send them.
    const cases: [string, Promise<{ status: number; json: unknown }>][] = [
      ['BAD_PATH', raw('GET', '/api/sdk/v1/events/%E0%A4%A/rank', { headers })],
      ['NOT_FOUND', raw('GET', '/api/sdk/v1/nothing-here', { headers })],
      ['METHOD_NOT_ALLOWED', raw('PATCH', '/api/sdk/v1/mail/claim', { headers, body: '{}' })],
      ['BODY_TOO_LARGE', raw('POST', '/api/sdk/v1/mail/claim', { headers, body: JSON.stringify({ mailId: 1, pad: 'x'.repeat(10_000) }) })],
      ['BODY_NOT_JSON', raw('POST', '/api/sdk/v1/mail/claim', { headers, body: '{"mailId":' })],
      ['BODY_NOT_JSON', raw('POST', '/api/sdk/v1/mail/claim', { headers, body: '[1]' })],
      ['UNSUPPORTED_MEDIA_TYPE', raw('POST', '/api/sdk/v1/mail/claim', { headers: { ...headers, 'content-type': 'text/plain' }, body: 'mailId=1' })],
      ['SDK_KEY_MISSING', raw('GET', '/api/sdk/v1/mail')],
      ['SDK_KEY_UNKNOWN', raw('GET', '/api/sdk/v1/mail', { headers: { 'x-sdk-key': 'no-such-key' } })],
      ['PLAYER_TOKEN_MISSING', raw('GET', '/api/sdk/v1/mail', { headers: { 'x-sdk-key': app.android } })],
      ['PLAYER_TOKEN_INVALID', raw('GET', '/api/sdk/v1/mail', { headers: { 'x-sdk-key': app.android, 'x-player-token': 'not.a.token' } })],
    ];
    for (const [code, call] of cases) expect([code, expectCatalogued(await call, code).code]).toEqual([code, code]);
  });
});

describe('an unexpected exception before any handler', () => {
  // The test server runs with GSM_TEST_FAULTS=1 (tests/api/global-setup.ts): this header makes the middleware
  // throw after the database opened (src/lib/server/faults.ts); a production server refuses to start so.
  const fault = { 'x-gsm-test-fault': 'middleware' };

  it('answers /api with the error model INTERNAL and a request id, no stack or secret; a page with the console\'s 500 page', async () => {
    const answers = [
      ['/api/sdk/v1/mail', await answerOf(sdkOf(player).GET('/api/sdk/v1/mail', { headers: fault }))],
      ['/api/appdata/list', await raw('GET', '/api/appdata/list', { headers: fault })],
    ] as const;
    for (const [path, answer] of answers) {
      const requestId = answer.headers.get('x-request-id');
      expect(requestId, path).toMatch(/^[0-9a-f-]{36}$/);
      const message = `Internal error (request id ${requestId}).`;
      expect([answer.status, answer.headers.get('content-type'), answer.json]).toEqual([500, 'application/json; charset=utf-8', { error: { code: 'INTERNAL', message }, message }]);
      expect(answer.text).not.toMatch(/do-not-leak|test fault|at |\.ts|\.mjs/);
    }
    expect(SDK_ERRORS.INTERNAL).toMatchObject({ status: 500, retry: true });
    const page = await raw('GET', '/dashboard', { headers: fault });
    expect([page.status, page.headers.get('content-type')]).toEqual([500, 'text/html']);
    expect(page.text).toContain('<h1>500 — something went wrong</h1>');
    expect(page.text).toContain(`<code>${page.headers.get('x-request-id')}</code>`);
    expect(page.text).toContain('<a href="/">Back to the dashboard</a>');
    expect(page.text).toContain('class="auth-card"');
    expect(page.text).not.toMatch(/do-not-leak|test fault/);
    // Without the header the same calls are served (the hook throws only when asked).
    expect((await answerOf(sdkOf(player).GET('/api/sdk/v1/mail'))).status).toBe(200);
  });
});

describe('named codes', () => {
  it('a wrong type is VALIDATION naming its field; the game can tell "used up", "already redeemed", "not yet", "expired" and "deactivated" apart', async () => {
    const bad = expectCatalogued(await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: 1 } }, body: { clientId: 'a', value: 1.5 } })), 'score');
    expect(bad).toEqual({ code: 'VALIDATION', message: 'value: expected a whole number, got 1.5', field: 'value' });
    const admin = await signedInAs('admin');
    const keyword = (tag: string) => `K${tag}${uniqueName('').replace(/[^a-z0-9]/gi, '').toUpperCase()}`.slice(0, 20);
    const make = async (tag: string, extra: Record<string, unknown>) => {
      const code = keyword(tag);
      const { data } = await admin(campaignCreateContract, { appId: app.id, name: uniqueName(tag), kind: 'keyword', code, rewards: 'coin:1' as never, expiresAt: new Date(nowMs() + 86_400_000).toISOString(), ...extra } as never);
      return { code, id: data.id };
    };
    const once = await make('ONCE', { totalLimit: 1 });
    const later = await make('LATER', { startsAt: new Date(nowMs() + 86_400_000).toISOString(), expiresAt: new Date(nowMs() + 2 * 86_400_000).toISOString() });
    const off = await make('OFF', {});
    await admin(campaignActiveContract, { id: off.id, active: false });
    const other = await newPlayer(app.android);
    expect((await answerOf(sdkOf(player).POST('/api/sdk/v1/giftcodes/redeem', { body: { code: once.code } }))).status).toBe(200);
    const codeOf = async (p: Player, code: string) => expectCatalogued(await answerOf(sdkOf(p).POST('/api/sdk/v1/giftcodes/redeem', { body: { code } })), code).code;
    expect(await codeOf(player, once.code)).toBe('GIFT_CODE_ALREADY_REDEEMED');
    expect(await codeOf(other, once.code)).toBe('GIFT_CODE_USED_UP');
    expect(await codeOf(other, later.code)).toBe('GIFT_CODE_NOT_STARTED');
    expect(await codeOf(other, off.code)).toBe('GIFT_CODE_DEACTIVATED');
    expect(await codeOf(other, 'NOSUCHCODE1')).toBe('GIFT_CODE_INVALID');
    expect(SDK_ERRORS.GIFT_CODE_NOT_STARTED.retry).toBe(true);
    expect(SDK_ERRORS.GIFT_CODE_USED_UP.retry).toBe(false);
  });

  it('a guesser hears RATE_LIMITED with retryAfter (and the Retry-After header)', async () => {
    const guesser = await newPlayer(app.android);
    for (let i = 0; i < 10; i++) await answerOf(sdkOf(guesser).POST('/api/sdk/v1/giftcodes/redeem', { body: { code: `NOPE${i}ZZZ` } }));
    const answer = await answerOf(sdkOf(guesser).POST('/api/sdk/v1/giftcodes/redeem', { body: { code: 'NOPEAGAIN' } }));
    expect(expectCatalogued(answer, 'guess')).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 600 });
    expect(answer.headers.get('retry-after')).toBe('600');
  });

  it('an event that has not started is EVENT_NOT_STARTED (retry can succeed); a score before joining is EVENT_NOT_JOINED', async () => {
    const tpl = (await root(templateApis.ranking.save, { appId: app.id, name: uniqueName('Tpl'), scoring: 'best', sort: 'desc', bracketSize: 10, durationHours: 24, rewardSpec: '1: gem 10' } as never)).data;
    const start = nowMs() + 86_400_000;
    const soon = (await root(eventApis.ranking.save, { templateId: tpl.id, name: uniqueName('Ev'), start: consoleTimeText(start), end: consoleTimeText(start + 86_400_000) } as never)).data;
    expect(expectCatalogued(await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/join', { params: { path: { id: soon.id } }, body: {} })), 'join').code).toBe('EVENT_NOT_STARTED');
    const now = nowMs();
    const open = (await root(eventApis.ranking.save, { templateId: tpl.id, name: uniqueName('Ev'), start: consoleTimeText(now - (now % 60_000)), end: consoleTimeText(now + 86_400_000) } as never)).data;
    expect(expectCatalogued(await answerOf(sdkOf(player).POST('/api/sdk/v1/events/{id}/score', { params: { path: { id: open.id } }, body: { clientId: 'x', value: 1 } })), 'score').code).toBe('EVENT_NOT_JOINED');
  });
});

describe('one naming scheme', () => {
  it('progress events say startsAt/endsAt like live events (startAt/endAt kept as aliases)', async () => {
    const body = { appId: app.id, name: uniqueName('pass'), start: consoleTimeText(nowMs() - 3_600_000), end: consoleTimeText(nowMs() + 86_400_000), milestones: '100: coin 5' };
    const saved = await raw('POST', '/api/progress_event/events/save', { body: JSON.stringify(body), token: root.tokens.accessToken });
    const id = (saved.json.data as { id: number }).id;
    const events = (await answerOf(sdkOf(player).GET('/api/sdk/v1/progress-events'))).json.data as { events: Record<string, unknown>[] };
    const mine = events.events.find((e) => e.id === id)!;
    expect(mine.startsAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect([mine.startAt, mine.endAt]).toEqual([mine.startsAt, mine.endsAt]);
  });

  it('analytics ingest has its own path; the old one still works and announces its deprecation', async () => {
    const event = (id: string) => ({ id, name: 'session_start', userId: player.playerId, time: nowMs(), appVersion: '1.0', sdkVersion: '4.0.0-test', country: 'VN', params: {} });
    const fresh = await answerOf(sdkAs(app.android).POST('/api/sdk/v1/analytics/events', { body: { events: [event(uniqueName('ev'))] } }));
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.headers.get('deprecation')).toBeNull();
    const old = await answerOf(sdkAs(app.android).POST('/api/sdk/v1/events', { body: { events: [event(uniqueName('ev'))] } }));
    expect(old.status, old.text).toBe(200);
    expect(old.json.data).toEqual(fresh.json.data);
    expect([old.headers.get('deprecation'), old.headers.get('link')]).toEqual(['true', '</api/sdk/v1/analytics/events>; rel="successor-version"']);
  });
});

describe('the generated SDK client', () => {
  it('calls with the served document\'s types and rejects with the catalogue code, field and retry', async () => {
    const client = createSdkClient({ baseUrl, key: app.android, token: player.token });
    expect(await ok(client.GET('/api/sdk/v1/players/me'))).toMatchObject({ playerId: player.playerId, appId: app.id, devices: 1 });
    expect(Array.isArray((await ok(client.GET('/api/sdk/v1/progress-events', { params: { query: { level: 3 } } }))).events)).toBe(true);
    const refused = await ok(client.POST('/api/sdk/v1/giftcodes/redeem', { body: { code: 'NOSUCHCODE9' } })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SdkApiError);
    expect([(refused as SdkApiError).status, (refused as SdkApiError).code, (refused as SdkApiError).retry]).toEqual([404, 'GIFT_CODE_INVALID', false]);
    const bad = (await ok(client.GET('/api/sdk/v1/progress-events', { params: { query: { level: 'abc' as never } } })).catch((error: unknown) => error)) as SdkApiError;
    expect([bad.code, bad.field, bad.message]).toEqual(['VALIDATION', 'level', 'level: expected a number, got text']);
  });
});
