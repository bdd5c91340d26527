import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { testClockActive } from '../time/clock';

/** Where the embedded database lives and how the server behaves; read once from the environment. */
export interface ServerConfig {
  databaseUrl: string | null;
  dataDir: string;
  demoData: boolean;
  demoPassword: string;
  rootUsername: string | null;
  rootPassword: string | null;
  appEnv: string;
  appTitle: string;
  sessionSecret: string;
  /** Encrypts secrets at rest (service-account keys); never stored in the database. */
  secretKey: string;
}

export const DEFAULT_DEMO_PASSWORD = 'gsm-demo-2026';

let cached: ServerConfig | null = null;

export function serverConfig(): ServerConfig {
  if (cached) return cached;
  const env = process.env;
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  const demoData = env.DEMO_DATA === undefined || env.DEMO_DATA === '' ? !databaseUrl : env.DEMO_DATA !== '0';
  if (databaseUrl && !demoData && testClockActive()) {
    throw new Error('GSM_CLOCK_OFFSET_MS shifts the clock for tests only; a production server (DATABASE_URL without demo data) refuses it.');
  }
  cached = {
    databaseUrl,
    dataDir,
    demoData,
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    rootUsername: env.ROOT_USERNAME?.trim() || null,
    rootPassword: env.ROOT_PASSWORD || null,
    appEnv: env.APP_ENV || 'production',
    appTitle: env.APP_TITLE || 'GSM Console',
    sessionSecret: resolveSecret('SESSION_SECRET', env.SESSION_SECRET, databaseUrl, demoData, dataDir, 'session-secret'),
    secretKey: resolveSecret('CONFIG_SECRET_KEY', env.CONFIG_SECRET_KEY, databaseUrl, demoData, dataDir, 'config-secret-key'),
  };
  return cached;
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
}
