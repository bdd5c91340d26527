import { describe, expect, it } from 'vitest';
import { ALL_VERSIONS, suggestVersions, versionChoices } from './version-options';

describe('version choices', () => {
  it('adds "all" first, removes duplicates and sorts numerically by dotted segment', () => {
    expect(versionChoices(['1.10.0', '1.9.2', '1.10.0', ' 1.2 ', '', '2.0.0-RC1', '2.0.0'])).toEqual([ALL_VERSIONS, '1.2', '1.9.2', '1.10.0', '2.0.0', '2.0.0-RC1']);
  });
  it('leaves "all" out when told to, and never doubles it', () => {
    expect(versionChoices(['1.0', 'all', 'ALL'], { withAll: false })).toEqual(['1.0']);
    expect(versionChoices(['all', '1.0'])).toEqual(['all', '1.0']);
  });
  it('suggests by case-insensitive substring', () => {
    const choices = versionChoices(['1.10.0', '1.9.2', '2.0.0-RC1', '0.1.0']);
    expect(suggestVersions(choices, '1.')).toEqual(['0.1.0', '1.9.2', '1.10.0']);
    expect(suggestVersions(choices, 'rc')).toEqual(['2.0.0-RC1']);
    expect(suggestVersions(choices, '10')).toEqual(['1.10.0']);
    expect(suggestVersions(choices, '')).toEqual(choices);
  });
});
