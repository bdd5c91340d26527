// The cohort views and Stuck Game (src/lib/analytics/cohort, src/lib/analytics/stuck) as bench:analytics
// times them: name, API path, extra query, and what "has data" means for its answer.
const someCell = (d) => d.cohorts.some((c) => c.installs > 0 && c.cells.some((cell) => cell && cell.users > 0));
export const COHORT_REPORTS = [
  ['Cohort Rev/user', '/api/cohort/cohort', {}, someCell],
  ['Cohort Rev/Eng.user', '/api/cohort/cohortEng', {}, someCell],
  ['Cohort Avg Time', '/api/cohort/avgTime', {}, someCell],
  ['Cohort Session', '/api/cohort/session', {}, someCell],
  ['Cohort Impression', '/api/cohort/impr', {}, someCell],
  ['Cohort Level', '/api/cohort/level', {}, someCell],
  ['Stuck Game', '/api/stuck_game', {}, (d) => d.levels.some((l) => l.reached > 0)],
];
