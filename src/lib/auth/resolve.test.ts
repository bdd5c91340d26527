import { describe, expect, it } from 'vitest';
import { sessionFailureRedirect } from './resolve';

describe('session load failure (spec section 8)', () => {
  it('goes to sign-in with the page to return to and the error message', () => {
    expect(sessionFailureRedirect('/gsm/analytic/level?x=1', new Error('connection reset'))).toBe('/login?redirect=%2Fgsm%2Fanalytic%2Flevel%3Fx%3D1&sessionError=connection%20reset');
  });
  it('falls back to "Has Error" when the failure has no message', () => {
    expect(sessionFailureRedirect('/dashboard', {})).toBe('/login?redirect=%2Fdashboard&sessionError=Has%20Error');
  });
});
