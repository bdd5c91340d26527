import { appUsers } from './app-users';
import { cohortSteps } from './cohort';
import { stuckSteps } from './stuck';
import { dailyMetrics } from './daily-metrics';
import { experimentExposures } from './experiment-exposures';
import { levelCohort } from './level-cohort';
import { levelDaily } from './level-daily';
import { levelReach } from './level-reach';
import { playSteps } from './play';
import { moneySteps } from './money';
import type { RollupStep } from './step';
import { retentionDaily } from './retention-daily';
import { userDays } from './user-days';

/**
 * The rollup steps in the order an app-day is recomputed: facts first (per-user activity, installs, first
 * level plays), then the figures the reports read, which join those facts.
 */
export const rollupSteps: readonly RollupStep[] = [userDays, appUsers, levelReach, dailyMetrics, retentionDaily, levelDaily, levelCohort, ...playSteps, ...moneySteps, ...cohortSteps, ...stuckSteps, experimentExposures];

export { RETENTION_MAX_DAY } from './constants';
export type { RangeScope, RollupScope, RollupStep, StaleAppDay } from './step';
