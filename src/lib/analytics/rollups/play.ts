import { counterDaily } from './counter-daily';
import { funnelEvents, funnelUsers } from './funnel';
import { measurementValues } from './measurement-values';
import { questDaily } from './quest-daily';
import { resourceFlowDaily, resourceUsersDaily } from './resource-flow';
import type { RollupStep } from './step';

/**
 * The gameplay and custom-event rollups (quests, resources, funnels, counters, measurements), after
 * user_days, whose attributes of the day most of them take.
 */
export const playSteps: readonly RollupStep[] = [questDaily, resourceFlowDaily, resourceUsersDaily, funnelEvents, funnelUsers, counterDaily, measurementValues];
