/** Worklog rules shared by the server, the screens and the tests. */

/** Most hours one person may log on one day, all entries summed. */
export const MAX_DAY_HOURS = 24;
/** An author may change a log while its date is at most this many days before today (the console's day). */
export const AUTHOR_EDIT_DAYS = 7;
/** Longest range the author's own list answers. */
export const MAX_LIST_DAYS = 62;

export const WORKLOG_ROUTE = '/hcns/worklog';
export const WORKLOG_TEAM_ROUTE = '/hcns/worklogByTeam';

/** Hours shown and summed with two decimals (the column is numeric(5,2)); float sums drift otherwise. */
export const roundHours = (h: number) => Math.round(h * 100) / 100;
