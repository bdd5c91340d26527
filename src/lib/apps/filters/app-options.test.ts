import { describe, expect, it } from 'vitest';
import { appChoices, suggestApps } from './app-options';

const apps = [
  { id: 'com.gsm.blockpuzzle', name: 'Block Puzzle Legend' },
  { id: 'com.gsm.tilematch', name: 'Tile Match Garden' },
  { id: 'com.gsm.puzzle', name: 'Puzzle' },
];
const variants = [
  { id: 'com.gsm.blockpuzzle_1', appId: 'com.gsm.blockpuzzle', os: 1 as const, name: 'Block Puzzle Legend', value: 'Block Puzzle Legend_Android' },
  { id: 'com.gsm.blockpuzzle_2', appId: 'com.gsm.blockpuzzle', os: 2 as const, name: 'Block Puzzle Legend', value: 'Block Puzzle Legend_Ios' },
  { id: 'com.gsm.tilematch_3', appId: 'com.gsm.tilematch', os: 3 as const, name: 'Tile Match Garden', value: 'Tile Match Garden_Webgl' },
];

describe('app autocomplete choices', () => {
  it('lists the visible apps with id and name as value', () => {
    expect(appChoices(apps, variants)).toEqual([
      { id: 'com.gsm.blockpuzzle', value: 'Block Puzzle Legend', appId: 'com.gsm.blockpuzzle' },
      { id: 'com.gsm.tilematch', value: 'Tile Match Garden', appId: 'com.gsm.tilematch' },
      { id: 'com.gsm.puzzle', value: 'Puzzle', appId: 'com.gsm.puzzle' },
    ]);
  });

  it('optionally follows each app with its OS variants "{appId}_{os}" / "{name}_Android|_Ios|_Webgl"', () => {
    expect(appChoices(apps, variants, { withOs: true }).map((c) => [c.id, c.value])).toEqual([
      ['com.gsm.blockpuzzle', 'Block Puzzle Legend'],
      ['com.gsm.blockpuzzle_1', 'Block Puzzle Legend_Android'],
      ['com.gsm.blockpuzzle_2', 'Block Puzzle Legend_Ios'],
      ['com.gsm.tilematch', 'Tile Match Garden'],
      ['com.gsm.tilematch_3', 'Tile Match Garden_Webgl'],
      ['com.gsm.puzzle', 'Puzzle'],
    ]);
  });

  it('suggests by name, exact then prefix then anywhere, then by id; at most 100', () => {
    const choices = appChoices(apps, variants, { withOs: true });
    expect(suggestApps(choices, 'puzzle').map((c) => c.id)).toEqual(['com.gsm.puzzle', 'com.gsm.blockpuzzle', 'com.gsm.blockpuzzle_1', 'com.gsm.blockpuzzle_2']);
    expect(suggestApps(choices, 'TILEMATCH').map((c) => c.id)).toEqual(['com.gsm.tilematch', 'com.gsm.tilematch_3']);
    expect(suggestApps(choices, '_ios').map((c) => c.id)).toEqual(['com.gsm.blockpuzzle_2']);
    const many = Array.from({ length: 150 }, (_, i) => ({ id: `app${i}`, value: `Game ${i}`, appId: `app${i}` }));
    expect(suggestApps(many, 'game')).toHaveLength(100);
    expect(suggestApps(many, '')).toHaveLength(100);
  });
});
