import { describe, expect, it } from 'vitest';
import { isDefaultUsername, isEmail, isExternalLink, isWeakPassword, newPasswordProblem } from './validation';

describe('spec section 5 helpers', () => {
  it('flags the default usernames after trimming', () => {
    for (const name of ['admin', ' gsmadmin ', 'gsmanager', 'tester', 'gamedesigner']) expect(isDefaultUsername(name)).toBe(true);
    expect(isDefaultUsername('analyst')).toBe(false);
  });
  it('flags exactly four weak passwords, one of them all digits', () => {
    expect(isWeakPassword('123456789')).toBe(true);
    expect(isWeakPassword('Gsm@123')).toBe(true);
    expect(isWeakPassword('correct horse battery')).toBe(false);
  });
  it('recognises external links and e-mail addresses', () => {
    expect(isExternalLink('https://x.y')).toBe(true);
    expect(isExternalLink('mailto:a@b.c')).toBe(true);
    expect(isExternalLink('tel:123')).toBe(true);
    expect(isExternalLink('/dashboard')).toBe(false);
    expect(isEmail('ops@studio.vn')).toBe(true);
    expect(isEmail('ops@studio')).toBe(false);
  });
  it('explains why a new password is refused', () => {
    expect(newPasswordProblem('short', 'pm')).toMatch(/at least 8/);
    expect(newPasswordProblem('Gsm@123456', 'pm')).toMatch(/weak/);
    expect(newPasswordProblem('designer', 'designer')).toMatch(/differ/);
    expect(newPasswordProblem('a-fine-passphrase', 'pm')).toBeNull();
  });
});
