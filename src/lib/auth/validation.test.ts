import { describe, expect, it } from 'vitest';
import { isDefaultUsername, isEmail, isExternalLink, isWeakPassword, newPasswordProblem, WEAK_PASSWORDS } from './validation';

describe('spec section 5 helpers', () => {
  it('flags the default usernames after trimming', () => {
    for (const name of ['admin', ' gsmadmin ', 'gsmanager', 'tester', 'gamedesigner']) expect(isDefaultUsername(name)).toBe(true);
    expect(isDefaultUsername('analyst')).toBe(false);
  });
  it('flags exactly four weak passwords, one of them all digits', () => {
    expect(WEAK_PASSWORDS).toEqual(['123456789', 'Gsm@123', 'Gsm@123456', 'Gsmstudio@123']);
    for (const password of WEAK_PASSWORDS) expect(isWeakPassword(password), password).toBe(true);
    expect(WEAK_PASSWORDS.filter((p) => /^\d+$/.test(p))).toEqual(['123456789']);
    // Only those exact strings: neighbours, other cases and padding are not on the list.
    for (const password of ['12345678', '1234567890', 'gsm@123', 'Gsm@1234', 'Gsmstudio@1234', ' Gsm@123', 'correct horse battery']) expect(isWeakPassword(password), password).toBe(false);
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
