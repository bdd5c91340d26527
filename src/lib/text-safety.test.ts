import { describe, expect, it } from 'vitest';
import { findUnstorableText, hiddenLabelText, unstorableText } from './text-safety';

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

describe('invisible and direction-changing characters in names and titles', () => {
  it('refuses each of them, naming the code point', () => {
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]) {
      const hex = cp.toString(16).toUpperCase();
      expect(hiddenLabelText(`invoice${String.fromCodePoint(cp)}gnp.exe`), hex).toBe(`must not contain invisible or direction-changing characters (U+${hex})`);
    }
    expect(hiddenLabelText('Puzzle Team')).toBeNull();
    expect(hiddenLabelText('Đội Xếp Hình')).toBeNull();
    expect(hiddenLabelText('فريق')).toBeNull();
  });

  it('keeps the zero-width joiner that draws an emoji sequence', () => {
    expect(hiddenLabelText('Family 👨\u200D👩\u200D👧 team')).toBeNull();
    expect(hiddenLabelText('a\u200Db')).toMatch(/U\+200D/);
  });

  it('applies to name, title, label, username and …Name/…Title fields at any depth, not to free text', () => {
    expect(findUnstorableText({ title: 'Sale \u202Eends' })).toMatch(/^title: must not contain invisible/);
    expect(findUnstorableText({ kinds: [{ name: 'x\u200By' }] })).toMatch(/^kinds\.0\.name: /);
    expect(findUnstorableText({ appName: '\uFEFFTiles' })).toMatch(/^appName: /);
    expect(findUnstorableText({ body: '<p>\u202Bمرحبا\u202C</p>', description: 'a\u200Bb' })).toBeNull();
  });
});

describe('unstorable text at any depth', () => {
  const nest = (n: number, inner: unknown) => {
    let value = inner;
    for (let i = 0; i < n; i++) value = [value];
    return value;
  };

  it('finds a NUL or a lone surrogate under 70 and under 100,000 arrays, without a stack overflow', () => {
    expect(findUnstorableText({ data: nest(70, '\u0000') })).toBe(`data${'.0'.repeat(70)}: must not contain NUL characters`);
    expect(findUnstorableText({ data: nest(70, 'a\uD800') })).toMatch(/^data(\.0){70}: must not contain an unpaired UTF-16 surrogate/);
    expect(findUnstorableText({ data: nest(100_000, '\u0000') })).toMatch(/^data(\.0){100000}: must not contain NUL/);
  });

  it('answers the first problem in document order, keys before their values', () => {
    expect(findUnstorableText({ a: ['ok', { ['k\u0000']: '\u0000' }], b: '\u0000' })).toBe('a.1: a field name must not contain NUL characters');
    expect(findUnstorableText({ a: [['ok'], ['\uD800']], b: '\u0000' })).toMatch(/^a\.1\.0: /);
    expect(findUnstorableText({ events: [], ['e\u0000']: 1 }, ['events'])).toBe('body: a field name must not contain NUL characters');
  });
});
