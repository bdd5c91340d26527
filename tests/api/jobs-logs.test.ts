import { isoWithOffset } from '../../src/lib/time/format';
import { describe, expect, it } from 'vitest';
import { jobRunsContract, listJobsContract, runJobContract, updateJobContract } from '../../src/lib/jobs/contract';
import { accountLogContract, apiLogContract } from '../../src/lib/logs/contract';
import { nowMs } from '../../src/lib/time/clock';
import { baseUrl, raw, rejection, signedInAs } from './helpers';

describe('job schedule', () => {
  it('lists the jobs with schedule, time zone and next run', async () => {
    const root = await signedInAs('root');
    const { data } = await root(listJobsContract);
    const finance = data.find((j) => j.name === 'finance_refresh')!;
    expect(finance).toMatchObject({ cron: '30 8 * * *; 10 9 * * *; 30 10 * * *; 30 13 * * *; 0 17 * * *', timeZone: 'Asia/Ho_Chi_Minh', enabled: true });
    expect(new Date(finance.nextRunAt!).getTime()).toBeGreaterThan(nowMs());
    expect(data.map((j) => j.name)).toEqual(expect.arrayContaining(['api_log_retention', 'session_cleanup']));
  });

  it('runs a job now and keeps its history with duration and result', async () => {
    const root = await signedInAs('root');
    const before = await root(jobRunsContract, { name: 'session_cleanup' });
    const run = await root(runJobContract, { name: 'session_cleanup' });
    expect(run.data.status).toBe('success');
    const runs = await root(jobRunsContract, { name: 'session_cleanup' });
    expect(runs.totalRecord).toBe(before.totalRecord! + 1);
    // The newest entry is the run just made, finished, with its duration and result.
    const newest = runs.data[0]!;
    expect(newest).toMatchObject({ id: run.data.id, trigger: 'manual', status: 'success', error: null });
    expect(newest.result).toMatch(/^deleted \d+ old session/);
    expect(newest.finishedAt).not.toBeNull();
    expect(newest.durationMs).not.toBeNull();
    expect((await root(listJobsContract)).data.find((j) => j.name === 'session_cleanup')!.lastRun).toEqual({
      startedAt: newest.startedAt, durationMs: newest.durationMs, status: 'success', error: null, result: newest.result, trigger: 'manual',
    });
    // One audit row, written with the run's record in one transaction.
    const log = await root(accountLogContract, { entity: 'job', action: 'run' });
    expect(log.data[0]).toMatchObject({ entityId: 'session_cleanup', username: 'root' });
    expect(log.data.filter((e) => JSON.stringify(e).includes(`"runId":${run.data.id}`))).toHaveLength(1);
  });

  it('runs database maintenance: tables analyzed on the embedded database, nothing to do on PostgreSQL', async () => {
    const root = await signedInAs('root');
    const job = (await root(listJobsContract)).data.find((j) => j.name === 'db_maintenance')!;
    expect(job).toMatchObject({ cron: '*/10 * * * *', enabled: true });
    const run = await root(runJobContract, { name: 'db_maintenance' });
    expect(run.data.status).toBe('success');
    const newest = (await root(jobRunsContract, { name: 'db_maintenance' })).data[0]!;
    expect(newest.id).toBe(run.data.id);
    if (process.env.TEST_DATABASE_URL) expect(newest.result).toMatch(/^PostgreSQL: its autovacuum/);
    // The test server's database was seeded and has served the suite so far: some table is over a threshold.
    else expect(newest.result).toMatch(/(analyzed|vacuumed) \d+ table\(s\)/);
  });

  it('validates schedule edits and audits them', async () => {
    const root = await signedInAs('root');
    const bad = await rejection(root(updateJobContract, { name: 'session_cleanup', cron: '99 * * * *', timeZone: 'UTC', enabled: true }));
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/cron: minute "99"/);
    const zone = await rejection(root(updateJobContract, { name: 'session_cleanup', cron: '0 4 * * *', timeZone: 'Nowhere/City', enabled: true }));
    expect(zone.message).toMatch(/unknown time zone/);
    const { data } = await root(updateJobContract, { name: 'session_cleanup', cron: '0 4 * * *', timeZone: 'UTC', enabled: false });
    expect(data).toMatchObject({ cron: '0 4 * * *', timeZone: 'UTC', enabled: false });
    const log = await root(accountLogContract, { entity: 'job', action: 'update' });
    expect(log.data[0]).toMatchObject({ entityId: 'session_cleanup', username: 'root' });
    await root(updateJobContract, { name: 'session_cleanup', cron: '15 3 * * *', timeZone: 'Asia/Ho_Chi_Minh', enabled: true });
  });

  it('refuses an unknown job and an account without job_run', async () => {
    const root = await signedInAs('root');
    expect((await rejection(root(runJobContract, { name: 'no_such_job' }))).status).toBe(404);
    const analyst = await signedInAs('analyst');
    expect((await rejection(analyst(runJobContract, { name: 'session_cleanup' }))).status).toBe(403);
  });
});

describe('API log', () => {
  const LOG_WAIT = { timeout: 10_000, interval: 100 };

  it('records each request with account, method, path, status, duration and request id — never the query', async () => {
    const analyst = await signedInAs('analyst');
    // An unknown query field is refused (400) and the refusal is logged too — without the query.
    const marker = await raw('GET', '/api/adminAccount/info?secret=hunter2', { token: analyst.tokens.accessToken });
    expect(marker.status).toBe(400);
    const requestId = marker.headers.get('x-request-id')!;
    const root = await signedInAs('root');
    // The API log is written in batches at most a second later (src/lib/server/write-behind.ts): expect.poll's
    // own 1 s default raced that flush on a busy machine, so it waits up to LOG_WAIT.
    await expect.poll(async () => (await root(apiLogContract, { username: 'analyst', path: '/api/adminAccount/info' })).data.some((e) => e.requestId === requestId), LOG_WAIT).toBe(true);
    const { data } = await root(apiLogContract, { username: 'analyst', path: '/api/adminAccount/info' });
    const entry = data.find((e) => e.requestId === requestId)!;
    expect(entry).toMatchObject({ method: 'GET', path: '/api/adminAccount/info', status: 400, username: 'analyst' });
    expect(JSON.stringify(data)).not.toContain('hunter2');
    // A refused request without a session is logged with its 401, and the status filter keeps only those.
    const anonymousCall = await raw('GET', '/api/adminAccount/info');
    expect(anonymousCall.status).toBe(401);
    const anonymousId = anonymousCall.headers.get('x-request-id')!;
    await expect.poll(async () => (await root(apiLogContract, { status: 401 })).data.some((e) => e.requestId === anonymousId), LOG_WAIT).toBe(true);
    const failed = await root(apiLogContract, { status: 401 });
    expect(failed.data.find((e) => e.requestId === anonymousId)).toMatchObject({ method: 'GET', path: '/api/adminAccount/info', status: 401 });
    expect([...new Set(failed.data.map((e) => e.status))]).toEqual([401]);

  });

  it('never logs passwords from sign-in bodies', async () => {
    await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'analyst', password: 'very-secret-typo' }) });
    const root = await signedInAs('root');
    const { data } = await root(apiLogContract, { path: '/api/auth/login' });
    expect(data.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toContain('very-secret-typo');
    const audit = await root(accountLogContract, { action: 'login_failed' });
    expect(JSON.stringify(audit.data)).not.toContain('very-secret-typo');
  });
});

describe('account log export', () => {
  it('downloads the filtered log as CSV with the same rows as the list', async () => {
    const root = await signedInAs('root');
    const list = await root(accountLogContract, { action: 'login', limit: 200 });
    const response = await fetch(`${baseUrl}/api/adminAccount/accountLog/export?action=login`, { headers: { authorization: `Bearer ${root.tokens.accessToken}` } });
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="account-log-\d{2}-\d{2}-\d{4}\.csv"/);
    const lines = (await response.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"time (UTC+7)","account","action","entity","entity id","before","after","ip","request id"');
    expect(lines.length - 1).toBe(list.totalRecord);
    // Times in files carry the studio's zone with its explicit offset.
    expect(lines[1]).toContain(`"${isoWithOffset(list.data[0]!.at)}"`);
  });

  it('refuses bad filters with a message naming them', async () => {
    const root = await signedInAs('root');
    const bad = await raw('GET', '/api/adminAccount/accountLog?from=yesterday', { token: root.tokens.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('from');
  });
});
