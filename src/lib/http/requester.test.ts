import { describe, expect, it } from 'vitest';
import { catalogueMessage } from './requester';

describe('error catalogue (spec section 8)', () => {
  it('401: the server message, else "Unauthorized! Please try login!"', () => {
    expect(catalogueMessage(401, { message: 'Session expired' })).toBe('Session expired');
    expect(catalogueMessage(401, {})).toBe('Unauthorized! Please try login!');
  });
  it('403: always "Permission invalid"', () => {
    expect(catalogueMessage(403, { message: 'anything' })).toBe('Permission invalid');
  });
  it('others: server message, else nested error message, else "Server is Error!"', () => {
    expect(catalogueMessage(400, { message: 'title: is required' })).toBe('title: is required');
    expect(catalogueMessage(500, { error: { message: 'nested' } })).toBe('nested');
    expect(catalogueMessage(502, 'Bad gateway')).toBe('Server is Error!');
    expect(catalogueMessage(500, undefined)).toBe('Server is Error!');
  });
});
