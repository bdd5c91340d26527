import { expect } from 'vitest';
import { rollupNowContract } from '../../src/lib/analytics/contract';
import { appDetailContract, createAppContract } from '../../src/lib/apps/contract';
import { type signedInAs } from './helpers';
import { ingest } from './game-players';

/**
 * What the analytics recomputation suites share: an app of their own with an Android and an iOS key, the
 * SDK's event endpoint (every event accepted, or the test fails there), and rolling everything up.
 */
type Caller = Awaited<ReturnType<typeof signedInAs>>;

/** An event as a suite sends it and recomputes from it. */
export interface SentEvent {
  id: string;
  name: string;
  userId: string;
  time: number;
  appVersion: string;
  os: number;
  country: string;
  params: Record<string, unknown>;
}

export async function newTelemetryApp(root: Caller, id: string, label: string): Promise<{ android: string; ios: string }> {
  await root(createAppContract, { id, name: `${label} ${id}`, os: [{ os: 1, packageId: `${id}.android` }, { os: 2, packageId: `${id}.ios` }] });
  const { data } = await root(appDetailContract, { appId: id });
  return { android: data.os.find((o) => o.os === 1)!.sdkAppKey, ios: data.os.find((o) => o.os === 2)!.sdkAppKey };
}

export async function sendEvents(key: string, events: unknown[]) {
  const response = await ingest(key, events, { legacy: true });
  expect(response.status, response.text).toBe(200);
  const data = response.json.data as { accepted: number; duplicates: number; rejected: unknown[] };
  expect(data.rejected).toEqual([]);
  return data;
}

/** The event as the SDK sends it (the platform comes from the key). */
export const wire = (e: SentEvent) => ({ id: e.id, name: e.name, userId: e.userId, time: e.time, appVersion: e.appVersion, country: e.country, params: e.params });

/**
 * Rolls up everything pending, in calls of 10 s: one call can overrun its budget by the day it started last
 * (and waits for days the scheduler holds), so a longer budget risks the client's 40 s request timeout.
 */
export async function rollUpEverything(root: Caller) {
  for (let i = 0; i < 60 && (await root(rollupNowContract, { budgetMs: 10_000 })).data.pending > 0; i++);
}
