import { describe, expect, it } from 'vitest';
import type { AppSummary } from './contract';
import { filterApps, labelCounts, sortApps, type AppListFilter } from './manager';

const app = (id: string, name: string, extra: Partial<AppSummary> = {}): AppSummary => ({
  id, name, icon: '', teamId: null, team: '', gameTypes: [], labels: [], published: false, showFinance: true, reportMonth: true, highlight: '',
  os: [{ os: 1, packageId: id, storeUrl: '' }], createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...extra,
});
const apps = [
  app('com.gsm.blockpuzzle', 'Block Puzzle Legend', { team: 'Puzzle Team', published: true, labels: ['Top'], os: [{ os: 1, packageId: 'com.gsm.blockpuzzle', storeUrl: '' }, { os: 2, packageId: 'com.gsm.blockpuzzle.ios', storeUrl: '' }], updatedAt: '2026-03-01T00:00:00.000Z' }),
  app('com.gsm.tilematch', 'tile match garden', { team: 'Puzzle Team', published: true, labels: ['top', 'Spring'] }),
  app('com.gsm.idleminer', 'Idle Miner Tycoon', { team: 'Idle Team', updatedAt: '2026-02-01T00:00:00.000Z' }),
  app('com.gsm.new', 'Another Game'),
];
const all: AppListFilter = { os: 0, state: 'all', labels: [], text: '', appId: null };
const ids = (list: AppSummary[]) => list.map((a) => a.id);

describe('App Manager list', () => {
  it('filters by platform, state, labels, text (id, name, package, label, team) and selected app', () => {
    expect(ids(filterApps(apps, { ...all, os: 2 }))).toEqual(['com.gsm.blockpuzzle']);
    expect(ids(filterApps(apps, { ...all, state: 'unpublished' }))).toEqual(['com.gsm.idleminer', 'com.gsm.new']);
    expect(ids(filterApps(apps, { ...all, labels: ['TOP'] }))).toEqual(['com.gsm.blockpuzzle', 'com.gsm.tilematch']);
    expect(ids(filterApps(apps, { ...all, text: 'blockpuzzle.ios' }))).toEqual(['com.gsm.blockpuzzle']);
    expect(ids(filterApps(apps, { ...all, text: 'idle team' }))).toEqual(['com.gsm.idleminer']);
    expect(ids(filterApps(apps, { ...all, text: 'spring' }))).toEqual(['com.gsm.tilematch']);
    expect(ids(filterApps(apps, { ...all, appId: 'com.gsm.tilematch' }))).toEqual(['com.gsm.tilematch']);
  });

  it('sorts by name case-insensitively, team (none last), state and update time, both directions', () => {
    expect(ids(sortApps(apps, 'name', 'asc'))).toEqual(['com.gsm.new', 'com.gsm.blockpuzzle', 'com.gsm.idleminer', 'com.gsm.tilematch']);
    expect(ids(sortApps(apps, 'name', 'desc'))).toEqual(['com.gsm.tilematch', 'com.gsm.idleminer', 'com.gsm.blockpuzzle', 'com.gsm.new']);
    expect(ids(sortApps(apps, 'team', 'asc'))).toEqual(['com.gsm.idleminer', 'com.gsm.blockpuzzle', 'com.gsm.tilematch', 'com.gsm.new']);
    expect(ids(sortApps(apps, 'state', 'asc')).slice(0, 2)).toEqual(['com.gsm.blockpuzzle', 'com.gsm.tilematch']);
    expect(ids(sortApps(apps, 'updated', 'desc'))[0]).toBe('com.gsm.blockpuzzle');
  });

  it('counts labels across apps, case-insensitively', () => {
    expect(labelCounts(apps)).toEqual([{ label: 'Top', apps: 2 }, { label: 'Spring', apps: 1 }]);
  });
});
