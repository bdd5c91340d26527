import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './test-server';

/**
 * A local ClickHouse server stand-in (clickhouse-stand-in-main.mjs: ClickHouse's HTTP interface over chdb) with
 * one user, for the console's EVENT_STORE=clickhouse path, as the local S3 server is for S3.
 */
export async function startClickhouseStandIn(options: { user?: string; password?: string } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'gsm-ch-'));
  const port = await freePort();
  const user = options.user ?? 'console';
  const password = options.password ?? 'stand-in-password';
  const child = spawn(process.execPath, [join(import.meta.dirname, 'clickhouse-stand-in-main.mjs'), String(port), directory, user, password], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the ClickHouse stand-in exited (${code}) before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) ready();
    });
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** What a console server needs to keep its events there. */
    env: { EVENT_STORE: 'clickhouse', CLICKHOUSE_URL: url, CLICKHOUSE_USER: user, CLICKHOUSE_PASSWORD: password, CLICKHOUSE_DATABASE: 'gsm_events' },
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
