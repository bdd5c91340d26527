import { describe, expect, it } from 'vitest';
import { $unreadCount, markOneRead } from './store';

describe('the unread counter', () => {
  it('drops by one for each post read, and never below 0 (a post already read elsewhere)', () => {
    $unreadCount.set(2);
    markOneRead();
    expect($unreadCount.get()).toBe(1);
    markOneRead();
    markOneRead();
    expect($unreadCount.get()).toBe(0);
  });
});
