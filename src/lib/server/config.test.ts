import { afterEach, describe, expect, it } from 'vitest';
import { resetServerConfig, selfUrlOf, serverConfig, tunables } from './config';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetServerConfig();
});

describe('serverConfig', () => {
  it('refuses to serve production (DATABASE_URL without demo data) without a session secret', () => {
    process.env.DATABASE_URL = 'postgres://127.0.0.1/none';
    delete process.env.DEMO_DATA;
    delete process.env.SESSION_SECRET;
    expect(() => serverConfig()).toThrow(/SESSION_SECRET is required/);
  });
  it('refuses production without the key that encrypts secrets at rest', () => {
    process.env.DATABASE_URL = 'postgres://127.0.0.1/none';
    delete process.env.DEMO_DATA;
    process.env.SESSION_SECRET = 'x'.repeat(40);
    delete process.env.CONFIG_SECRET_KEY;
    expect(() => serverConfig()).toThrow(/CONFIG_SECRET_KEY is required/);
  });
  it('refuses a shifted test clock in production, and accepts it with demo data', () => {
    process.env.DATABASE_URL = 'postgres://127.0.0.1/none';
    process.env.SESSION_SECRET = 'x'.repeat(40);
    process.env.CONFIG_SECRET_KEY = 'y'.repeat(40);
    process.env.GSM_CLOCK_OFFSET_MS = String(-3_600_000);
    delete process.env.DEMO_DATA;
    expect(() => serverConfig()).toThrow(/GSM_CLOCK_OFFSET_MS shifts the clock for tests only/);
    process.env.DEMO_DATA = '1';
    expect(serverConfig().demoData).toBe(true);
  });
  it('refuses the test-fault hook (GSM_TEST_FAULTS) in production, and turns it on only when set to 1', () => {
    process.env.DATABASE_URL = 'postgres://127.0.0.1/none';
    process.env.SESSION_SECRET = 'x'.repeat(40);
    process.env.CONFIG_SECRET_KEY = 'y'.repeat(40);
    delete process.env.GSM_CLOCK_OFFSET_MS;
    process.env.GSM_TEST_FAULTS = '1';
    delete process.env.DEMO_DATA;
    expect(() => serverConfig()).toThrow(/GSM_TEST_FAULTS makes requests fail for tests only/);
    process.env.DEMO_DATA = '1';
    expect(serverConfig().testFaults).toBe(true);
    resetServerConfig();
    delete process.env.GSM_TEST_FAULTS;
    expect(serverConfig().testFaults).toBe(false);
  });
  it('turns demo data on by default for the embedded database and off for DATABASE_URL', () => {
    delete process.env.DATABASE_URL;
    delete process.env.DEMO_DATA;
    process.env.SESSION_SECRET = 'x'.repeat(40);
    process.env.CONFIG_SECRET_KEY = 'y'.repeat(40);
    expect(serverConfig().demoData).toBe(true);
    resetServerConfig();
    process.env.DATABASE_URL = 'postgres://127.0.0.1/none';
    expect(serverConfig().demoData).toBe(false);
  });
});

describe('tunables', () => {
  it('has defaults, reads set values and refuses bad ones naming the variable', () => {
    delete process.env.SCHEDULER_TICK_MS;
    delete process.env.SCHEDULER;
    expect(tunables()).toMatchObject({ schedulerTickMs: 30_000, schedulerEnabled: true, databasePoolSize: 10 });
    resetServerConfig();
    process.env.SCHEDULER = 'off';
    process.env.DEMO_TELEMETRY_USERS = '400';
    expect(tunables()).toMatchObject({ schedulerEnabled: false, demoTelemetry: { enabled: true, users: 400, days: 30 } });
    resetServerConfig();
    process.env.SCHEDULER_TICK_MS = '30s';
    expect(() => tunables()).toThrow('SCHEDULER_TICK_MS must be a whole number from 50 to 3600000 (got "30s").');
    resetServerConfig();
    delete process.env.SCHEDULER_TICK_MS;
    process.env.SCHEDULER = 'maybe';
    expect(() => tunables()).toThrow(/SCHEDULER must be on or off/);
  });
});

describe('EVENT_STORE', () => {
  const fresh = (env: Record<string, string>) => {
    for (const name of ['EVENT_STORE', 'CHDB_PATH', 'CLICKHOUSE_URL', 'CLICKHOUSE_USER', 'CLICKHOUSE_PASSWORD', 'CLICKHOUSE_DATABASE', 'DATA_DIR']) delete process.env[name];
    Object.assign(process.env, env);
    resetServerConfig();
    return () => tunables().eventStore;
  };

  it('is postgres by default; chdb keeps its files in CHDB_PATH or DATA_DIR/chdb', () => {
    expect(fresh({})()).toEqual({ kind: 'postgres' });
    expect(fresh({ EVENT_STORE: 'chdb', DATA_DIR: '/srv/gsm' })()).toEqual({ kind: 'chdb', chdbPath: '/srv/gsm/chdb' });
    expect(fresh({ EVENT_STORE: 'CHDB', CHDB_PATH: '/data/events' })()).toEqual({ kind: 'chdb', chdbPath: '/data/events' });
  });

  it('clickhouse needs CLICKHOUSE_URL and reads its user, password and database', () => {
    expect(fresh({ EVENT_STORE: 'clickhouse', CLICKHOUSE_URL: 'http://ch:8123', CLICKHOUSE_USER: 'gsm', CLICKHOUSE_PASSWORD: 'pw', CLICKHOUSE_DATABASE: 'events' })()).toEqual({
      kind: 'clickhouse', url: 'http://ch:8123', user: 'gsm', password: 'pw', database: 'events',
    });
    expect(fresh({ EVENT_STORE: 'clickhouse', CLICKHOUSE_URL: 'http://ch:8123' })()).toMatchObject({ user: 'default', password: '', database: 'default' });
    expect(fresh({ EVENT_STORE: 'clickhouse' })).toThrow('EVENT_STORE=clickhouse needs CLICKHOUSE_URL (such as http://localhost:8123).');
    expect(fresh({ EVENT_STORE: 'clickhouse', CLICKHOUSE_URL: 'http://ch:8123', CLICKHOUSE_DATABASE: 'x; DROP' })).toThrow('CLICKHOUSE_DATABASE must be a plain identifier (letters, digits, _), got "x; DROP".');
  });

  it('refuses any other store, naming the choices', () => {
    expect(fresh({ EVENT_STORE: 'mysql' })).toThrow('EVENT_STORE must be postgres, chdb or clickhouse (got "mysql").');
  });
});

describe('runtime', () => {
  it('runs on the Node 24 that the project pins (npm scripts put node_modules/.bin first)', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});

describe('selfUrlOf (where the test screens reach this server\'s SDK endpoint)', () => {
  it('is the listening address, a wildcard host read as the loopback', () => {
    expect(selfUrlOf(undefined, undefined)).toBe('http://localhost:4321');
    expect(selfUrlOf('127.0.0.1', '4721')).toBe('http://127.0.0.1:4721');
    expect(selfUrlOf('0.0.0.0', '8080')).toBe('http://127.0.0.1:8080');
    expect(selfUrlOf('::', '8080')).toBe('http://[::1]:8080');
    expect(selfUrlOf('fd00::5', '80')).toBe('http://[fd00::5]:80');
  });
  it('refuses a port that is not one', () => {
    expect(() => selfUrlOf('localhost', '80x')).toThrow(/PORT must be a TCP port/);
    expect(() => selfUrlOf('localhost', '70000')).toThrow(/PORT must be a TCP port/);
  });
});
