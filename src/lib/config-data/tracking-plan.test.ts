import { describe, expect, it } from 'vitest';
import { buildPlan, droppedReason, judgeEvent, planKey, undeclaredReason, wrongTypeReason } from './tracking-plan';

const plan = buildPlan([
  { kind: 'event', item_key: 'counter', data: { parameters: [{ name: 'value', type: 'int' }] } },
  { kind: 'event', item_key: 'measurement.fps', data: { description: 'Frames per second', parameters: [{ name: 'value', type: 'int' }] } },
  { kind: 'event', item_key: 'level_start', data: { parameters: [{ name: 'level', type: 'int' }] } },
  { kind: 'tracking_config', item_key: 'counter.secret', data: { enabled: false } },
  { kind: 'tracking_config', item_key: 'level_start', data: { parameters: [{ name: 'hard', type: 'bool' }], enabled: true } },
]);

describe('the tracking plan', () => {
  it('keys the events a game names by their name', () => {
    expect(planKey('counter', { name: 'hint_used', value: 1 })).toBe('counter.hint_used');
    expect(planKey('funnel_step', { funnel: 'shop', step: 1 })).toBe('funnel_step.shop');
    expect(planKey('level_start', { level: 1 })).toBe('level_start');
  });

  it('is in force only once the app has a tracking config', () => {
    expect(plan.active).toBe(true);
    expect(buildPlan([{ kind: 'event', item_key: 'level_start', data: {} }]).active).toBe(false);
  });

  it('lets a qualified entry rule over its bare event, and an app parameter add to the catalogue\'s', () => {
    expect(judgeEvent(plan, 'counter.hint_used', { name: 'hint_used', value: 2 })).toBeNull();
    expect(judgeEvent(plan, 'counter.secret', { name: 'secret', value: 2 })).toEqual({ dropped: droppedReason('counter.secret') });
    expect(judgeEvent(plan, 'measurement.load_time', { name: 'load_time', value: 1 })).toEqual({ problems: [undeclaredReason('measurement.load_time')] });
    expect(judgeEvent(plan, 'level_start', { level: 1.5, hard: 'no' })).toEqual({
      problems: [wrongTypeReason('level', 'int', 'float'), wrongTypeReason('hard', 'bool', 'string')],
    });
    expect(judgeEvent(plan, 'level_start', { level: 2 })).toBeNull();
  });

  it('accepts an int for a float and says "params.x: declared int in the tracking plan, got float"', () => {
    const floats = buildPlan([{ kind: 'tracking_config', item_key: 'measurement.fps', data: { parameters: [{ name: 'value', type: 'float' }] } }]);
    expect(judgeEvent(floats, 'measurement.fps', { value: 60 })).toBeNull();
    expect(judgeEvent(plan, 'measurement.fps', { value: 59.5 })).toEqual({ problems: ['params.value: declared int in the tracking plan, got float'] });
  });
});
