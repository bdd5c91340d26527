import { describe, expect, it } from 'vitest';
import { changesOnly, lineDiff } from './line-diff';

const kinds = (before: string, after: string) => lineDiff(before, after).map((l) => `${l.kind === 'same' ? ' ' : l.kind === 'added' ? '+' : '-'}${l.text}`);

describe('the line diff shown before a save', () => {
  it('keeps common lines and marks removed and added ones in order', () => {
    expect(kinds('a\nb\nc', 'a\nb\nc')).toEqual([' a', ' b', ' c']);
    expect(kinds('a\nb\nc', 'a\nB\nc')).toEqual([' a', '-b', '+B', ' c']);
    expect(kinds('a\nc', 'a\nb\nc')).toEqual([' a', '+b', ' c']);
    expect(kinds('a\nb\nc\nd', 'a\nd')).toEqual([' a', '-b', '-c', ' d']);
    expect(kinds('x\ny', 'y\nx')).toEqual(['-x', ' y', '+x']);
  });

  it('rebuilds both sides exactly, whatever the edit', () => {
    const docs = ['', 'a', 'a\nb\nc\nd\ne', 'e\nd\nc\nb\na', 'a\na\nb\nb\na', '{\n  "coins": 1\n}'];
    for (const before of docs)
      for (const after of docs) {
        const diff = lineDiff(before, after);
        expect(diff.filter((l) => l.kind !== 'added').map((l) => l.text).join('\n')).toBe(before);
        expect(diff.filter((l) => l.kind !== 'removed').map((l) => l.text).join('\n')).toBe(after);
      }
  });

  it('falls back to whole-block replacement past the size bound, still exact', () => {
    const diff = lineDiff('h\na\nb\nt', 'h\nc\nd\nt', 1);
    expect(diff.map((l) => l.kind)).toEqual(['same', 'removed', 'removed', 'added', 'added', 'same']);
  });

  it('shows changes with context and folds the rest', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const shown = changesOnly(lineDiff(before, after), 1);
    expect(shown).toEqual([{ kind: 'gap', count: 9 }, { kind: 'same', text: 'line 9' }, { kind: 'removed', text: 'line 10' }, { kind: 'added', text: 'line ten' }, { kind: 'same', text: 'line 11' }, { kind: 'gap', count: 8 }]);
  });
});
