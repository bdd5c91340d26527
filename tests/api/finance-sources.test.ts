import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, raw } from './helpers';

/** The dashboard names where its revenue comes from (issue 37): the games' events, not finance's reports. */
describe('revenue labelled by source', () => {
  it('the dashboard\'s "Revenue yesterday" says it is from game events (SDK)', async () => {
    const login = await raw('POST', '/api/auth/login', { body: JSON.stringify({ username: 'root', password: DEMO_PASSWORD }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const page = await raw('GET', '/dashboard', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Revenue yesterday <span class="source');
    expect(page.text).toMatch(/Revenue yesterday <span class="source[^"]*"[^>]*>from game events \(SDK\)<\/span>/);
  });
});
