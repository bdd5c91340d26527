import { describe, expect, it } from 'vitest';
import { atArrival } from '../request-clock';
import { oldestFirst } from './oldest-first';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('oldestFirst', () => {
  it('runs one at a time and serves the waiting work of the oldest request first', async () => {
    const turn = oldestFirst();
    const order: string[] = [];
    let running = 0;
    const step = (name: string) =>
      turn(async () => {
        running++;
        expect(running).toBe(1);
        await pause(5);
        order.push(name);
        running--;
      });
    // The old request arrives first and asks its second statement only after the newer ones queued theirs.
    const old = atArrival(async () => {
      await step('old 1');
      await pause(1);
      await step('old 2');
    });
    await pause(1);
    const newer = [1, 2, 3].map((n) => atArrival(() => step(`new ${n}`)));
    await Promise.all([old, ...newer]);
    expect(order).toEqual(['old 1', 'new 1', 'old 2', 'new 2', 'new 3']);
  });

  it('passes a failure to its caller and goes on with the next', async () => {
    const turn = oldestFirst();
    const failed = turn(async () => {
      await pause(2);
      throw new Error('unique violation');
    });
    const next = turn(async () => 'next ran');
    await expect(failed).rejects.toThrow('unique violation');
    expect(await next).toBe('next ran');
  });
});
