import { describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableText } from './text-safety';

describe('unstorable text', () => {
  it('finds NUL and unpaired surrogates, and keeps paired ones', () => {
    expect(unstorableText('a\u0000b')).toMatch(/NUL/);
    expect(unstorableText('a\uD800b')).toMatch(/surrogate/);
    expect(unstorableText('a\uDC00')).toMatch(/surrogate/);
    expect(unstorableText('emoji 😀 fine')).toBeNull();
  });

  it('names the field anywhere in a request, keys included, and skips the listed top-level fields', () => {
    expect(findUnstorableText({ a: { b: ['x', 'y\u0000'] } })).toMatch(/^a\.b\.1: /);
    expect(findUnstorableText({ ['k\u0000']: 1 })).toMatch(/^body: a field name/);
    expect(findUnstorableText({ events: [{ userId: '\uD800' }] }, ['events'])).toBeNull();
    expect(findUnstorableText({ events: [], title: '\uD800' }, ['events'])).toMatch(/^title: /);
  });
});
