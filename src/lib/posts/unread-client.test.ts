import { describe, expect, it } from 'vitest';
import { countUnreadContract } from './contract';
import { COUNT_NOT_READ_PATH } from './unread-client';

describe('bell poll', () => {
  it('calls the countNotRead endpoint of the contract', () => {
    expect(COUNT_NOT_READ_PATH).toBe(countUnreadContract.path);
    expect(countUnreadContract.method).toBe('GET');
  });
});
