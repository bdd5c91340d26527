import { describe, expect, it } from 'vitest';
import { giftCampaignsResource } from '../gift-codes/resources';
import { liveEventResources, liveTemplateResources } from '../live-events/resources';
import { parseConsoleTime } from '../live-events/contract';
import { formatDateTime } from '../time/format';
import { openingValues } from './define';

const apps = [{ id: 'com.a', name: 'Alpha' }, { id: 'com.b', name: 'Beta' }];
const templates = [
  { id: 4, name: 'Cup', appId: 'com.a', scoring: 'best', durationHours: 72, rewardSpec: '1: gem 100\n2-10: coin 1000' },
  { id: 7, name: 'Sprint', appId: 'com.b', scoring: 'latest', durationHours: 48, rewardSpec: '1: coin 5000' },
];

describe('what a create form opens with', () => {
  it('no app among several, the only app, or the one last chosen', () => {
    expect(openingValues(giftCampaignsResource, { apps }, null, null, null).appId).toBeUndefined();
    expect(openingValues(giftCampaignsResource, { apps }, null, 'com.b', null).appId).toBe('com.b');
    expect(openingValues(giftCampaignsResource, { apps }, null, 'com.gone', null).appId).toBeUndefined();
    expect(openingValues(giftCampaignsResource, { apps: [apps[0]!] }, null, null, null).appId).toBe('com.a');
    expect(openingValues(liveTemplateResources.ranking, { apps, templates: [] }, null, null, null).appId).toBeUndefined();
  });

  it('an event from a template: the template and what it supplies', () => {
    const d = liveEventResources.ranking;
    const preset = d.preset!({ apps, templates }, new URLSearchParams('template=7'));
    expect(preset).toEqual({ templateId: 7 });
    const v = openingValues(d, { apps, templates }, null, null, preset);
    expect([v.templateId, v.scoring, v.rewardSpec]).toEqual([7, 'latest', '1: coin 5000']);
    expect(v.end).toBe(formatDateTime(parseConsoleTime(String(v.start))! + 48 * 3_600_000));
  });

  it('several templates and no link: none picked, nothing filled in', () => {
    const v = openingValues(liveEventResources.ranking, { apps, templates }, null, null, null);
    expect([v.templateId, v.scoring, v.rewardSpec]).toEqual([undefined, '', '']);
    expect(liveEventResources.ranking.preset!({ apps, templates }, new URLSearchParams('template=99'))).toBeNull();
  });

  it('no template: no create action', () => {
    expect(liveEventResources.ranking.canCreate!({ apps, templates: [] })).toBe(false);
    expect(liveEventResources.season.canCreate!({ apps, templates })).toBe(true);
  });
});
