import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { testClockActive } from '../time/clock';

/**
 * The server's configuration: the one module that reads process.env (src/lib/time/clock.ts, shared with the
 * browser, keeps its own test-clock reading). Every field is typed, has its default here and is checked once
 * at start-up; a bad value stops the server with a message naming the variable.
 */

/** Tunings that have safe defaults: reading them writes nothing (unlike the secrets of serverConfig()). */
export interface Tunables {
  /** PGlite dump to start a new embedded database from (tests: skips initdb and migrations). */
  pgliteTemplate: string | null;
  /** Where the first server writes the dump of its migrated, empty database (tests). */
  pgliteWriteTemplate: string | null;
  /** node-postgres pool size per process (DATABASE_POOL_SIZE, default 10). */
  databasePoolSize: number;
  /**
   * DATABASE_LISTEN=off: no listening connections (LISTEN/NOTIFY) to PostgreSQL, for a server that may hold only
   * its pooled connections (a one-connection proxy); the caches that rely on notifications then stay off.
   */
  databaseListen: boolean;
  /** Queries as named prepared statements on PostgreSQL (DATABASE_PREPARED, default on): off behind a pooler that shares server sessions. */
  databasePrepared: boolean;
  /** Days of API log kept by the retention job (API_LOG_RETENTION_DAYS, default 30). */
  apiLogRetentionDays: number;
  /** SCHEDULER=off disables the in-process scheduler (e.g. a read-only replica). */
  schedulerEnabled: boolean;
  /** How often the scheduler looks for due jobs (SCHEDULER_TICK_MS, default 30 s). */
  schedulerTickMs: number;
  /**
   * How long a job's claim lasts unless its runner renews it (JOB_LEASE_SECONDS, default 60; renewed every
   * third of it): a runner that died frees its job within this, not after an hour.
   */
  jobLeaseSeconds: number;
  /** Time budget of one scheduled analytics rollup run (ROLLUP_JOB_BUDGET_MS, default 4 min). */
  rollupJobBudgetMs: number;
  /** Time a report request may spend rolling up pending days first (ROLLUP_ON_DEMAND_MS, default 1.5 s). */
  rollupOnDemandMs: number;
  /** SDK events older than this are stored at their receive time (SDK_MAX_EVENT_AGE_DAYS, default 366). */
  sdkMaxEventAgeDays: number;
  /** The demo studio's simulated telemetry (DEMO_TELEMETRY=0 skips it; DEMO_TELEMETRY_USERS, DEMO_TELEMETRY_DAYS). */
  demoTelemetry: { enabled: boolean; users: number; days: number };
  /** How often the header bell polls for unread posts (BELL_POLL_MS, default 30 s). */
  bellPollMs: number;
  /**
   * How long a just-rotated refresh token is still honoured for the browser's parallel requests
   * (REFRESH_REUSE_GRACE_SECONDS, default 30). Presented again later, it is taken as stolen: the session ends.
   */
  refreshReuseGraceSeconds: number;
  /**
   * TRUST_PROXY=on: the console is reached only through a reverse proxy that sets X-Forwarded-Proto (and
   * appends X-Forwarded-For). Only then does `X-Forwarded-Proto: https` mark cookies Secure and send HSTS;
   * off (the default), a client talking to the console directly cannot forge it.
   */
  trustProxy: boolean;
  /**
   * How long a checked session is remembered in the process (SESSION_CACHE_MS, default 30 s; 0 turns the cache
   * off). Writes that end a session clear it at once through the database's notifications
   * (src/lib/auth/session-cache.ts); the lifetime only bounds a notification that never arrives.
   */
  sessionCacheMs: number;
  /** The API log is written in batches: at most this long after a request (API_LOG_FLUSH_MS, default 1 s). */
  apiLogFlushMs: number;
  /** REQUEST_CONCURRENCY requests inside the app at once (0: no limit); one inside REQUEST_LEND_MS lends its place. */
  admission: { limit: number; lendAfterMs: number };
  /** Store endpoints and limits of IAP verification (src/lib/iap/); tests point them at local stand-ins. */
  iap: IapSettings;
  /** AdMob through Google's OAuth (src/lib/finance/admob*.ts); tests point the endpoints at a local stand-in. */
  admob: AdmobSettings;
  /** FCM HTTP v1 endpoint and pacing of push sends (src/lib/push/); tests point the base at a local stand-in. */
  push: PushSettings;
  /** The studio's S3 (or S3-compatible) storage browsed at /aws/index; null when S3_BUCKETS is unset. */
  s3: S3Settings | null;
  /** How revenue alerts are delivered (src/lib/alerts/); tests point SMTP and webhooks at local stand-ins. */
  alerts: AlertSettings;
  /** Where game events live and the reports that read raw events read them (EVENT_STORE; docs/scale.md). */
  eventStore: EventStoreSettings;
}

export interface AlertSettings {
  /** SMTP_URL (smtp:// or smtps://user:pass@host:port); unset, alerts are not e-mailed (the console still shows them). */
  smtpUrl: string | null;
  /** SMTP_FROM: the sender address of alert e-mails (default alerts@localhost). */
  smtpFrom: string;
  /** One webhook POST's time limit (WEBHOOK_TIMEOUT_MS, default 5 s). */
  webhookTimeoutMs: number;
  /** First wait before a failed delivery is tried again; doubles per attempt (ALERT_RETRY_BASE_MS, default 60 s). */
  retryBaseMs: number;
  /** Attempts per delivery before it stays failed (ALERT_MAX_ATTEMPTS, default 6). */
  maxAttempts: number;
  /** CONSOLE_URL: this console's address, so e-mails and webhooks link to the report; unset, links are paths. */
  consoleUrl: string | null;
}

/**
 * EVENT_STORE: postgres (default: the console's own database, with its rollups), chdb (ClickHouse embedded, in a
 * process of its own, at CHDB_PATH) or clickhouse (a ClickHouse server or cluster through its HTTP interface).
 */
export type EventStoreSettings =
  | { kind: 'postgres' }
  | { kind: 'chdb'; chdbPath: string }
  | { kind: 'clickhouse'; url: string; user: string; password: string; database: string };

function eventStoreSettings(env: NodeJS.ProcessEnv): EventStoreSettings {
  const kind = env.EVENT_STORE?.trim().toLowerCase() || 'postgres';
  if (kind === 'postgres') return { kind };
  if (kind === 'chdb') return { kind, chdbPath: resolve(env.CHDB_PATH?.trim() || join(env.DATA_DIR?.trim() || './data', 'chdb')) };
  if (kind === 'clickhouse') {
    if (!env.CLICKHOUSE_URL?.trim()) throw new ConfigError('EVENT_STORE=clickhouse needs CLICKHOUSE_URL (such as http://localhost:8123).');
    const database = env.CLICKHOUSE_DATABASE?.trim() || 'default';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(database)) throw new ConfigError(`CLICKHOUSE_DATABASE must be a plain identifier (letters, digits, _), got "${database}".`);
    return { kind, url: url(env, 'CLICKHOUSE_URL', ''), user: env.CLICKHOUSE_USER?.trim() || 'default', password: env.CLICKHOUSE_PASSWORD ?? '', database };
  }
  throw new ConfigError(`EVENT_STORE must be postgres, chdb or clickhouse (got "${env.EVENT_STORE}").`);
}

export interface AdmobSettings {
  /** The OAuth client of the studio's Google Cloud project (ADMOB_CLIENT_ID / ADMOB_CLIENT_SECRET); unset, AdMob cannot be connected. */
  clientId: string | null;
  clientSecret: string | null;
  /** Google's consent page (GOOGLE_OAUTH_AUTH_URL, default https://accounts.google.com/o/oauth2/v2/auth). */
  authUrl: string;
  /** The token endpoint codes and refresh tokens are traded at (GOOGLE_OAUTH_TOKEN_URL, shared with IAP). */
  tokenUrl: string;
  /** AdMob API base (ADMOB_API_BASE, default https://admob.googleapis.com). */
  apiBase: string;
  /** Where Google sends the browser back (ADMOB_REDIRECT_URI, default this server's /finance/import/admob); must be registered on the client. */
  redirectUri: string | null;
}

export interface PushSettings {
  /** FCM HTTP v1 base (FCM_API_BASE, default https://fcm.googleapis.com); the token endpoint is GOOGLE_OAUTH_TOKEN_URL. */
  fcmApiBase: string;
  /** Messages sent per job run and app batch (PUSH_BATCH_SIZE, default 500). */
  batchSize: number;
  /** Messages per second at most, so one push does not trip FCM's quota (PUSH_RATE_PER_SECOND, default 200). */
  ratePerSecond: number;
  /** Attempts per message on 429/5xx before it counts as failed (PUSH_MAX_ATTEMPTS, default 5). */
  maxAttempts: number;
  /** First back-off when FCM names no Retry-After; doubles per attempt (PUSH_RETRY_BASE_MS, default 1 s). */
  retryBaseMs: number;
  /** One FCM request's time limit (PUSH_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
}

export interface S3Settings {
  /** S3_ENDPOINT: an S3-compatible server (tests: a local one); unset, AWS's own endpoint for the region. */
  endpoint: string | null;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_ACCESS_KEY_ID; with no key pair the SDK's own chain (instance role, AWS_* variables) is used. */
  accessKeyId: string | null;
  /**
   * S3_SECRET_ACCESS_KEY as given, or S3_SECRET_ACCESS_KEY_SEALED: the key sealed under CONFIG_SECRET_KEY
   * (`npm run seal`-style `v1.…` text from src/lib/server/crypto.ts), opened only when a client is built.
   */
  secretAccessKey: { plain: string } | { sealed: string } | null;
  /** S3_BUCKETS: the only buckets the console lists or touches (comma-separated). */
  buckets: string[];
  /** S3_FORCE_PATH_STYLE (default on when an endpoint is set: local servers have no per-bucket host names). */
  forcePathStyle: boolean;
  /** S3_PUBLIC_URL: base of public object links (`{base}/{bucket}/{key}`); default the endpoint, path style. */
  publicUrlBase: string | null;
  /** Lifetime of presigned download/upload URLs (S3_PRESIGN_SECONDS, default 300). */
  presignSeconds: number;
}

/** S3 settings from the environment; the bucket list is what makes S3 configured at all. */
function s3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const buckets = (env.S3_BUCKETS ?? '').split(',').map((b) => b.trim()).filter(Boolean);
  if (!buckets.length) return null;
  const bad = buckets.find((b) => !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(b));
  if (bad) throw new ConfigError(`S3_BUCKETS holds "${bad}", which is not a valid bucket name.`);
  const endpoint = env.S3_ENDPOINT?.trim() ? url(env, 'S3_ENDPOINT', '') : null;
  const plain = env.S3_SECRET_ACCESS_KEY?.trim();
  const sealed = env.S3_SECRET_ACCESS_KEY_SEALED?.trim();
  return {
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
    secretAccessKey: sealed ? { sealed } : plain ? { plain } : null,
    buckets,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    publicUrlBase: env.S3_PUBLIC_URL?.trim() ? url(env, 'S3_PUBLIC_URL', '') : null,
    presignSeconds: integer(env, 'S3_PRESIGN_SECONDS', 300, 10, 7 * 24 * 3600),
  };
}

export interface IapSettings {
  /** Android Publisher API base (GOOGLE_PLAY_API_BASE, default https://androidpublisher.googleapis.com). */
  googlePlayApiBase: string;
  /** Google's OAuth token endpoint the service account's JWT is traded at (GOOGLE_OAUTH_TOKEN_URL). */
  googleTokenUrl: string;
  /** App Store Server API base (APP_STORE_API_BASE, default production https://api.storekit.itunes.apple.com). */
  appStoreApiBase: string;
  /**
   * The root certificate an App Store JWS's x5c chain must end in (APP_STORE_ROOT_CERT: PEM text, or the path
   * of a PEM/DER file). Unset, the chain must end in Apple Root CA - G3 itself, pinned by its SHA-256
   * fingerprint (see docs/decisions.md); set, it replaces that pin (a test PKI, or a future Apple root).
   */
  appStoreRootCert: string | null;
  /** How long one store request may take before the purchase is left pending (IAP_STORE_TIMEOUT_MS, default 10 s). */
  storeTimeoutMs: number;
  /** First retry delay of a pending purchase; doubles per attempt up to 6 h (IAP_RETRY_BASE_MS, default 60 s). */
  retryBaseMs: number;
}

/** A URL setting: absolute http(s), without a trailing slash. */
function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  if (!/^https?:\/\/[^\s]+$/.test(raw)) throw new ConfigError(`${name} must be an http(s) URL (got "${raw}").`);
  return raw.replace(/\/+$/, '');
}

function smtpUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  if (!/^smtps?:\/\/[^\s]+$/.test(raw)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtp://user:password@mail.example.com:587).');
  return raw;
}

/** APP_STORE_ROOT_CERT: PEM text as given, or a file's contents (PEM, or DER turned into PEM). */
function certificate(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (raw.includes('-----BEGIN CERTIFICATE-----')) return raw;
  if (!existsSync(raw)) throw new ConfigError(`${name} must be PEM text or the path of a certificate file (no file at "${raw}").`);
  const bytes = readFileSync(raw);
  const text = bytes.toString('utf8');
  if (text.includes('-----BEGIN CERTIFICATE-----')) return text;
  return `-----BEGIN CERTIFICATE-----\n${bytes.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`;
}

/** Where the embedded database lives and how the server behaves; read once from the environment. */
export interface ServerConfig extends Tunables {
  databaseUrl: string | null;
  dataDir: string;
  demoData: boolean;
  demoPassword: string;
  rootUsername: string | null;
  rootPassword: string | null;
  appEnv: string;
  /** GSM_TEST_FAULTS=1: a test may make the middleware throw (src/lib/server/faults.ts); refused in production. */
  testFaults: boolean;
  appTitle: string;
  sessionSecret: string;
  /** Encrypts secrets at rest (service-account keys); never stored in the database. */
  secretKey: string;
  /**
   * This process's own HTTP address (from PORT and HOST, a wildcard host read as the loopback): the test
   * screens send their events to the SDK endpoint through it, never to an address a request named (Host).
   */
  selfUrl: string;
}

export const DEFAULT_DEMO_PASSWORD = 'gsm-demo-2026';

let cached: ServerConfig | null = null;
let cachedTunables: Tunables | null = null;

/** A configuration value that is not acceptable; start-up reports it and refuses to serve. */
export class ConfigError extends Error {}

/** A whole number from the environment within bounds, or the default when unset or empty. */
function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range} (got "${raw}").`);
  }
  return value;
}

/** An on/off switch: unset or empty is the default; `0`, `off`, `false`, `no` turn it off; `1`, `on`, `true`, `yes` on. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['0', 'off', 'false', 'no'].includes(raw)) return false;
  if (['1', 'on', 'true', 'yes'].includes(raw)) return true;
  throw new ConfigError(`${name} must be on or off (1/0, on/off, true/false; got "${env[name]}").`);
}

/** The tunings, read and checked once; safe to call from anywhere on the server (no files are written). */
export function tunables(): Tunables {
  if (cachedTunables) return cachedTunables;
  const env = process.env;
  cachedTunables = {
    pgliteTemplate: env.PGLITE_TEMPLATE?.trim() || null,
    pgliteWriteTemplate: env.PGLITE_WRITE_TEMPLATE?.trim() || null,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databaseListen: flag(env, 'DATABASE_LISTEN', true),
    databasePrepared: flag(env, 'DATABASE_PREPARED', true),
    apiLogRetentionDays: integer(env, 'API_LOG_RETENTION_DAYS', 30, 1, 3650),
    schedulerEnabled: flag(env, 'SCHEDULER', true),
    schedulerTickMs: integer(env, 'SCHEDULER_TICK_MS', 30_000, 50, 3_600_000),
    jobLeaseSeconds: integer(env, 'JOB_LEASE_SECONDS', 60, 2, 3600),
    rollupJobBudgetMs: integer(env, 'ROLLUP_JOB_BUDGET_MS', 240_000, 100),
    rollupOnDemandMs: integer(env, 'ROLLUP_ON_DEMAND_MS', 1500, 0),
    sdkMaxEventAgeDays: integer(env, 'SDK_MAX_EVENT_AGE_DAYS', 366, 1, 36_500),
    demoTelemetry: {
      enabled: flag(env, 'DEMO_TELEMETRY', true),
      users: integer(env, 'DEMO_TELEMETRY_USERS', 2000, 0, 1_000_000),
      days: integer(env, 'DEMO_TELEMETRY_DAYS', 30, 1, 3650),
    },
    bellPollMs: integer(env, 'BELL_POLL_MS', 30_000, 500, 3_600_000),
    refreshReuseGraceSeconds: integer(env, 'REFRESH_REUSE_GRACE_SECONDS', 30, 0, 300),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    sessionCacheMs: integer(env, 'SESSION_CACHE_MS', 30_000, 0, 300_000),
    apiLogFlushMs: integer(env, 'API_LOG_FLUSH_MS', 1000, 10, 60_000),
    admission: {
      limit: integer(env, 'REQUEST_CONCURRENCY', 8, 0, 10_000),
      lendAfterMs: integer(env, 'REQUEST_LEND_MS', 1000, 10, 600_000),
    },
    iap: {
      googlePlayApiBase: url(env, 'GOOGLE_PLAY_API_BASE', 'https://androidpublisher.googleapis.com'),
      googleTokenUrl: url(env, 'GOOGLE_OAUTH_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
      appStoreApiBase: url(env, 'APP_STORE_API_BASE', 'https://api.storekit.itunes.apple.com'),
      appStoreRootCert: certificate(env, 'APP_STORE_ROOT_CERT'),
      storeTimeoutMs: integer(env, 'IAP_STORE_TIMEOUT_MS', 10_000, 100, 120_000),
      retryBaseMs: integer(env, 'IAP_RETRY_BASE_MS', 60_000, 0, 3_600_000),
    },
    admob: {
      clientId: env.ADMOB_CLIENT_ID?.trim() || null,
      clientSecret: env.ADMOB_CLIENT_SECRET?.trim() || null,
      authUrl: url(env, 'GOOGLE_OAUTH_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
      tokenUrl: url(env, 'GOOGLE_OAUTH_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
      apiBase: url(env, 'ADMOB_API_BASE', 'https://admob.googleapis.com'),
      redirectUri: env.ADMOB_REDIRECT_URI?.trim() ? url(env, 'ADMOB_REDIRECT_URI', '') : null,
    },
    push: {
      fcmApiBase: url(env, 'FCM_API_BASE', 'https://fcm.googleapis.com'),
      batchSize: integer(env, 'PUSH_BATCH_SIZE', 500, 1, 10_000),
      ratePerSecond: integer(env, 'PUSH_RATE_PER_SECOND', 200, 1, 100_000),
      maxAttempts: integer(env, 'PUSH_MAX_ATTEMPTS', 5, 1, 20),
      retryBaseMs: integer(env, 'PUSH_RETRY_BASE_MS', 1000, 0, 600_000),
      timeoutMs: integer(env, 'PUSH_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    s3: s3Settings(env),
    alerts: {
      smtpUrl: smtpUrl(env),
      smtpFrom: env.SMTP_FROM?.trim() || 'alerts@localhost',
      webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 5000, 100, 120_000),
      retryBaseMs: integer(env, 'ALERT_RETRY_BASE_MS', 60_000, 0, 3_600_000),
      maxAttempts: integer(env, 'ALERT_MAX_ATTEMPTS', 6, 1, 50),
      consoleUrl: env.CONSOLE_URL?.trim() ? url(env, 'CONSOLE_URL', '') : null,
    },
    eventStore: eventStoreSettings(env),
  };
  return cachedTunables;
}

/**
 * The whole configuration, secrets included. Start-up reads it first, so a bad value stops the server with
 * one clear message before anything opens.
 */
export function serverConfig(): ServerConfig {
  if (cached) return cached;
  const env = process.env;
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  const demoData = env.DEMO_DATA === undefined || env.DEMO_DATA === '' ? !databaseUrl : env.DEMO_DATA !== '0';
  if (databaseUrl && !demoData && testClockActive()) {
    throw new Error('GSM_CLOCK_OFFSET_MS shifts the clock for tests only; a production server (DATABASE_URL without demo data) refuses it.');
  }
  const testFaults = env.GSM_TEST_FAULTS === '1';
  if (databaseUrl && !demoData && testFaults) {
    throw new Error('GSM_TEST_FAULTS makes requests fail for tests only; a production server (DATABASE_URL without demo data) refuses it.');
  }
  cached = {
    ...tunables(),
    databaseUrl,
    dataDir,
    demoData,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    rootUsername: env.ROOT_USERNAME?.trim() || null,
    rootPassword: env.ROOT_PASSWORD || null,
    appEnv: env.APP_ENV || 'production',
    testFaults,
    appTitle: env.APP_TITLE || 'GSM Console',
    sessionSecret: resolveSecret('SESSION_SECRET', env.SESSION_SECRET, databaseUrl, demoData, dataDir, 'session-secret'),
    secretKey: resolveSecret('CONFIG_SECRET_KEY', env.CONFIG_SECRET_KEY, databaseUrl, demoData, dataDir, 'config-secret-key'),
    selfUrl: selfUrlOf(env.HOST, env.PORT),
  };
  return cached;
}

/** http://host:port of this server as the node adapter listens (defaults localhost:4321). */
export function selfUrlOf(host: string | undefined, port: string | undefined): string {
  const h = host?.trim() || 'localhost';
  const p = Number(port?.trim() || 4321);
  if (!Number.isInteger(p) || p < 1 || p > 65_535) throw new ConfigError(`PORT must be a TCP port (1-65535), got "${port}".`);
  const loopback = h === '0.0.0.0' ? '127.0.0.1' : h === '::' || h === '[::]' ? '[::1]' : h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
  return `http://${loopback}:${p}`;
}

/**
 * Production (a real PostgreSQL without demo data) must be given its secrets: a generated one would differ
 * between processes behind a load balancer. The embedded database keeps generated secrets in DATA_DIR.
 */
function resolveSecret(name: string, given: string | undefined, databaseUrl: string | null, demoData: boolean, dataDir: string, fileName: string): string {
  if (given && given.length >= 32) return given;
  if (given) throw new Error(`${name} must be at least 32 characters long.`);
  if (databaseUrl && !demoData) {
    throw new Error(`${name} is required when DATABASE_URL is set without demo data (production). Refusing to serve.`);
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Tests change the environment between server starts in one process; this forgets the cached reading. */
export function resetServerConfig(): void {
  cached = null;
  cachedTunables = null;
}
