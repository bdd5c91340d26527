import type { Page } from '@playwright/test';
import { appDetailContract } from '../../src/lib/apps/contract';
import { runJobContract } from '../../src/lib/jobs/contract';
import { formatDateTime } from '../../src/lib/time/format';
import { nowMs } from '../../src/lib/time/clock';
import { apiAs, unique } from './api';
import { expect, open, signIn, test } from './fixtures';

/**
 * A designer's live event, end to end: a ranking template and an event made on the screens; the event goes
 * live at its start (the live_events job), players score through the game API, it ends, the job grants the
 * rewards once, and the standings show who won what. Times come from the console's clock (the test process
 * shares the server's clock offset), never the browser's. The job is run as staff run it from the job screen
 * (Run now) once its moment has come, instead of waiting for the scheduler's next minute: that wait was most of
 * this journey's three minutes. The scheduler's own ticks and leases are tested in tests/api/scheduler.test.ts and
 * tests/api/job-leases.test.ts.
 */

const APP = 'com.gsm.wordquest'; // the designer's app
const base = process.env.E2E_BASE_URL!;

async function sdkCall(key: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-sdk-key': key, ...(token ? { 'x-player-token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data: Record<string, unknown>; message?: string } };
}

/**
 * Runs the live_events job (Run now, as root) and reloads until the event's row shows the status. Run now is
 * refused with 409 while a scheduled run of the job is under way; the next try then runs it.
 */
async function runJobUntil(page: Page, name: string, status: string) {
  const root = await apiAs('root');
  await expect(async () => {
    await root(runJobContract, { name: 'live_events' });
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(status, { timeout: 2000 });
  }).toPass({ timeout: 30_000, intervals: [1000] });
}

test('a designer creates a template and an event; it goes live, scores arrive, it ends and the rewards are out', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'designer');

  await open(page, '/games/ranking_event/template');
  await expect(page.getByRole('heading', { level: 1, name: 'Ranking Template' })).toBeVisible();
  await page.getByRole('button', { name: 'New template' }).click();
  const tplDialog = page.getByRole('dialog', { name: 'New template' });
  const template = unique('Cup rules');
  await tplDialog.getByLabel('Name').fill(template);
  // The rank rewards editor: ranges of ranks, each with its items (the form starts with 1, 2-10 and 11-50).
  const table = tplDialog.getByRole('group', { name: 'Rewards by rank' });
  await table.getByRole('button', { name: 'Remove Rewards by rank range 3', exact: true }).click();
  await table.getByLabel('Rewards by rank range 2 from rank').fill('3');
  await table.getByLabel('Rewards by rank range 2 to rank').fill('5');
  await table.getByLabel('Rewards by rank range 2 reward 1 amount').fill('10');
  await tplDialog.getByLabel('Name').click();
  await tplDialog.getByRole('button', { name: 'Save' }).click();
  await expect(tplDialog.getByRole('alert')).toContainText('ranks 2-2 are missing');
  await table.getByLabel('Rewards by rank range 2 from rank').fill('2');
  await tplDialog.getByLabel('Name').click();
  await tplDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Template ${template} created`);

  // The event started this minute (times are whole minutes) and ends at the next minute boundary at least 40 s
  // away: time to save it, score and see it live before it ends.
  const now = nowMs();
  const start = now - (now % 60_000);
  let end = start + 60_000;
  if (end - now < 40_000) end += 60_000;
  await open(page, '/games/ranking_event/event');
  await page.getByRole('button', { name: 'New ranking event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ranking event' });
  const name = unique('Weekend cup');
  await dialog.locator('.p-dropdown').first().click();
  await page.getByRole('option', { name: new RegExp(template) }).click();
  await dialog.getByLabel('Name').fill(name);
  // The date-time pickers, typed (DD-MM-YYYY HH:mm, UTC+7).
  await dialog.locator('#le-ranking-start').fill(formatDateTime(start));
  await dialog.locator('#le-ranking-end').fill(formatDateTime(start - 60_000));
  await dialog.getByLabel('Name').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('must be after the start');
  await dialog.locator('#le-ranking-end').fill(formatDateTime(end));
  await dialog.getByLabel('Name').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').last()).toContainText(`Event ${name} created`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(/scheduled|live/);

  // Scores arrive through the game API (SDK key + player tokens).
  const root = await apiAs('root');
  const key = (await root(appDetailContract, { appId: APP })).data.os[0]!.sdkAppKey;
  const listed = await sdkCall(key, 'POST', '/api/sdk/v1/players/session', undefined, { deviceId: `e2e-live-${Date.now()}-0` });
  const eventId = await (async () => {
    const open = await sdkCall(key, 'GET', '/api/sdk/v1/events', listed.json.data.accessToken as string);
    return ((open.json.data.events as { id: number; name: string }[]).find((e) => e.name === name))!.id;
  })();
  const players: { id: string; token: string }[] = [];
  for (const [i, score] of [300, 900, 500].entries()) {
    const s = await sdkCall(key, 'POST', '/api/sdk/v1/players/session', undefined, { deviceId: `e2e-live-${Date.now()}-${i + 1}` });
    const token = s.json.data.accessToken as string;
    players.push({ id: s.json.data.playerId as string, token });
    expect((await sdkCall(key, 'POST', `/api/sdk/v1/events/${eventId}/join`, token, {})).status).toBe(200);
    expect((await sdkCall(key, 'POST', `/api/sdk/v1/events/${eventId}/score`, token, { clientId: 'run-1', value: score })).json.data).toEqual({ score, applied: true });
  }
  await runJobUntil(page, name, 'live');
  await expect(row).toContainText('3 player(s) in 1 bracket(s)');

  // After the end the job ends it and runs the rewards once.
  await page.waitForTimeout(Math.max(0, end - nowMs()) + 1000);
  await runJobUntil(page, name, 'rewarded');
  await expect(row).toContainText('3 of 3 ranked players rewarded');
  const claim = await sdkCall(key, 'POST', `/api/sdk/v1/events/${eventId}/claim`, players[1]!.token);
  expect(claim.json.data).toMatchObject({ rank: 1, rewards: [{ itemId: 'gem', amount: 100 }] });

  await row.getByRole('button', { name: `Standings of ${name}` }).click();
  const standings = page.getByRole('dialog', { name: new RegExp(`Standings — ${name}`) });
  await expect(standings.getByRole('row', { name: new RegExp(players[1]!.id) })).toContainText('gem 100');
  await expect(standings.getByRole('row', { name: new RegExp(players[2]!.id) })).toContainText('coin 10');

  // Above the standings: the figures, and the scores 300, 500, 900 in five bands of 121 (the top one ends at 900).
  await expect(standings.getByRole('term').filter({ hasText: 'Participants' }).locator('xpath=following-sibling::dd')).toHaveText('3');
  await expect(standings.getByRole('term').filter({ hasText: 'Rewards claimed' }).locator('xpath=following-sibling::dd')).toHaveText('1');
  const chart = standings.getByRole('figure', { name: 'Score distribution' });
  const bars = chart.getByRole('listitem');
  await expect(bars).toHaveCount(5);
  await expect(bars.first()).toHaveText(/300–420\s*1/);
  await expect(bars.first().locator('.drill-bar')).toHaveAttribute('style', /width: 100%/);
  await expect(bars.last()).toHaveText(/784–900\s*1/);
  await expect(bars.nth(2)).toHaveText(/542–662\s*0/);
});
