import { OS_CODES, OS_NAMES } from '../platform';
import type { ResourceOption } from './define';

/**
 * The app a row belongs to and the platforms it targets, as most screens show and ask them: the context of
 * such a screen holds the apps the account sees (read by its page loader, in its area's manifest), a
 * column names the row's app and the form chooses among them. Shared by browser and server.
 */

/** What a screen knows besides its rows: the apps the account sees. */
export interface AppsContext {
  apps: readonly { id: string; name: string }[];
}

/** The apps the account sees, for a select or the list filter. */
export const appOptions = (ctx: AppsContext): ResourceOption[] => ctx.apps.map((a) => ({ label: a.name, value: a.id }));

/** An app's name; its id when the account does not see it. */
export const appName = (ctx: AppsContext, id: string): string => ctx.apps.find((a) => a.id === id)?.name ?? id;

/** The column naming a row's app. */
export const appColumn = { key: 'appId', label: 'App', value: (row: { appId: string }, ctx: AppsContext) => appName(ctx, row.appId) };

/** The form field choosing a new row's app; a saved row stays in its app. */
export const appField = { key: 'appId', label: 'App', input: 'app', options: appOptions, createOnly: true } as const;

/** The dropdown over a list that keeps the rows of one app (the list request's `appId`). */
export const appFilter = { label: 'App', placeholder: 'All apps', options: appOptions };

/** The platforms, for a multi-select that leaves them all when empty. */
export const platformOptions: ResourceOption[] = OS_CODES.map((os) => ({ label: OS_NAMES[os], value: os }));

/** "All platforms" (0) and each platform, for an 'os' input. */
export const platformOrAllOptions: ResourceOption[] = [{ label: 'All platforms', value: 0 }, ...platformOptions];
