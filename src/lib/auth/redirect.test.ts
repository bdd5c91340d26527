import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    '/\\evil.example',
    '\\/evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/%E0%A4%A', // malformed escape
    '',
    '/login',
    '/login?redirect=/x',
  ])('sends %j to the dashboard', (target) => {
    expect(safeRedirect(target)).toBe('/dashboard');
  });

  it('keeps same-origin paths with their query', () => {
    expect(safeRedirect('/gsm/analytic/level?app=com.gsm.x')).toBe('/gsm/analytic/level?app=com.gsm.x');
    expect(safeRedirect('/gsm/admob/import?code=1&scope=https://www.googleapis.com/auth/admob')).toBe('/gsm/admob/import?code=1&scope=https://www.googleapis.com/auth/admob');
    expect(safeRedirect('/post/index')).toBe('/post/index');
    expect(safeRedirect(null)).toBe('/dashboard');
  });
});
