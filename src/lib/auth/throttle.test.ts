import { describe, expect, it } from 'vitest';
import type { Db } from '../server/db';
import { migratedMemoryDb } from '../server/db/memory-db.testkit';
import { HttpError } from '../server/errors';
import { THROTTLE, lockedUsernames, takeSignInSlot, unlockUsername } from './throttle';

let db: Db;
migratedMemoryDb(async (opened) => {
  db = opened;
});

/** Answers the 429 a slot was refused with, or null when it was granted (and settles it as a failure). */
async function failOnce(username: string, ip: string): Promise<HttpError | null> {
  try {
    const slot = await takeSignInSlot(db, username, ip);
    await slot.failed();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

/** Moves a key's block into the past, as if its delay had passed. */
const endBlock = (key: string) => db.query(`UPDATE login_throttle SET blocked_until = now() - interval '1 second' WHERE key = $1`, [key]);

describe('sign-in throttle per username+address pair', () => {
  it('blocks a pair after its allowance, for a delay that doubles with each block', async () => {
    for (let i = 0; i < THROTTLE.perPair; i++) expect(await failOnce('Alice', '10.0.0.1')).toBeNull();
    const first = await failOnce('alice', '10.0.0.1');
    expect(first?.status).toBe(429);
    expect(Number(first?.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(first?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await lockedUsernames(db)).toContain('alice');

    await endBlock('u:alice|10.0.0.1');
    for (let i = 0; i < THROTTLE.perPair; i++) expect(await failOnce('alice', '10.0.0.1')).toBeNull();
    const second = await failOnce('alice', '10.0.0.1');
    expect(Number(second?.headers['retry-after'])).toBeGreaterThan(110);
    expect(Number(second?.headers['retry-after'])).toBeLessThanOrEqual(120);
  });

  it('leaves the same username free from another address, and an unlock frees the blocked pair', async () => {
    for (let i = 0; i <= THROTTLE.perPair; i++) await failOnce('bob', '10.0.0.2');
    expect((await failOnce('bob', '10.0.0.2'))?.status).toBe(429);
    expect(await failOnce('bob', '10.0.0.3')).toBeNull();
    // It answers how many keys were blocked (the pair from 10.0.0.2), and clears the unblocked ones too.
    expect(await unlockUsername(db, 'Bob')).toBe(1);
    expect(await failOnce('bob', '10.0.0.3')).toBeNull();
    expect(await failOnce('bob', '10.0.0.2')).toBeNull();
  });

  it('clears the pair on success, so a user who finally types the right password starts afresh', async () => {
    for (let i = 0; i < THROTTLE.perPair - 1; i++) await failOnce('carol', '10.0.0.4');
    await (await takeSignInSlot(db, 'carol', '10.0.0.4')).succeeded();
    for (let i = 0; i < THROTTLE.perPair; i++) expect(await failOnce('carol', '10.0.0.4')).toBeNull();
  });

  it('caps failures per address across usernames (a password spray)', async () => {
    let refused = 0;
    for (let i = 0; i < THROTTLE.perAddress + 5; i++) if (await failOnce(`spray-${i}`, '10.0.0.5')) refused++;
    expect(refused).toBe(5);
    expect(await failOnce('someone-else', '10.0.0.6')).toBeNull();
  });

  it('checks at most the allowance when attempts run in parallel', async () => {
    const slots = await Promise.allSettled(Array.from({ length: 100 }, () => takeSignInSlot(db, 'dave', '10.0.0.7')));
    expect(slots.filter((s) => s.status === 'fulfilled')).toHaveLength(THROTTLE.perPair);
  });
});
