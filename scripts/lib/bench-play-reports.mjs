// The gameplay and custom-event reports (src/lib/analytics/play) as bench:analytics times them: name, API
// path, extra query, and what "has data" means for its answer.
export const PLAY_REPORTS = [
  ['Task Quest', '/api/analytic/taskQuest', {}, (d) => d.quests.length > 0],
  ['Resource Overview', '/api/analytic/resourceOverview', {}, (d) => d.rows.some((r) => r.earnEvents > 0)],
  ['Resource Earn', '/api/analytic/resourceEarn', {}, (d) => d.channels.length > 0],
  ['Resource Spend', '/api/analytic/resourceSpend', {}, (d) => d.channels.length > 0],
  ['Funnel (tutorial)', '/api/analytic/funnel', { funnel: 'tutorial' }, (d) => d.steps.some((s) => s.users > 0)],
  ['Counter Vertical', '/api/analytic/counter/vertical', {}, (d) => d.cells.length > 0],
  ['Counter Horizontal', '/api/analytic/counter/horizontal', {}, (d) => d.cells.length > 0],
  ['Measurement (load_time)', '/api/analytic/measurement', { name: 'load_time' }, (d) => d.all.count > 0],
];
