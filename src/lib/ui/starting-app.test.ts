import { describe, expect, it } from 'vitest';
import { startingApp } from './starting-app';

describe('the app a create form starts on', () => {
  it('is none among several apps without a remembered choice', () => {
    expect(startingApp(['a', 'b', 'c'], null)).toBeUndefined();
  });
  it('is the only app the person sees', () => {
    expect(startingApp(['solo'], null)).toBe('solo');
    expect(startingApp(['solo'], 'gone')).toBe('solo');
  });
  it('is the remembered app while the person still sees it', () => {
    expect(startingApp(['a', 'b'], 'b')).toBe('b');
    expect(startingApp(['a', 'b'], 'gone')).toBeUndefined();
  });
});
