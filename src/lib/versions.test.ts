import { describe, expect, it } from 'vitest';
import { compareVersions, sortVersions } from './versions';

describe('compareVersions', () => {
  it('sorts numerically by dotted segment', () => {
    expect(sortVersions(['1.10.0', '1.9.2', '1.2', '1.10.0.1', '0.9', '10.0.0', '2.0.0'])).toEqual(['0.9', '1.2', '1.9.2', '1.10.0', '1.10.0.1', '2.0.0', '10.0.0']);
  });
  it('puts pre-release text after the plain version, before the next one', () => {
    expect(sortVersions(['1.2.1', '1.2.0-beta', '1.2.0'])).toEqual(['1.2.0', '1.2.0-beta', '1.2.1']);
  });
  it('treats a leading v and equal versions as equal', () => {
    expect(compareVersions('v1.2.3', '1.2.3')).toBe(0);
  });
});
