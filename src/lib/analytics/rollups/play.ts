import { funnelUsers } from './funnel';
import { playDaily } from './play-daily';
import type { RollupStep } from './step';

/**
 * The gameplay and custom-event rollups (quests, resources, funnels, counters, measurements), after
 * user_days, whose attributes of the day most of them take: one pass over the day's events, then the
 * funnel paths of the players who sent steps that day.
 */
export const playSteps: readonly RollupStep[] = [playDaily, funnelUsers];
