/**
 * How a table fits a phone (below 600 px), chosen per table in its descriptor:
 * - 'stack': each row becomes a card of "label value" lines, every column kept (few rows, many figures);
 * - 'priority': only the row's key, its status, its row actions and the columns named in `keep` stay; the
 *   others are hidden on a phone (long lists scanned for one row: accounts);
 * - 'scroll' (the default): the table scrolls sideways inside its card, with a visible cue while it does.
 * The rules are in src/styles/phone-tables.css; the views (ResourceView, ReportTableView, the dashboard)
 * only add the classes below, so one mechanism serves every table.
 */
export type PhoneLayout = { layout: 'scroll' } | { layout: 'stack' } | { layout: 'priority'; keep: readonly string[] };

export const PHONE_SCROLL: PhoneLayout = { layout: 'scroll' };

/** The class of the table's wrapper: `phone-stack`, `phone-priority` or none. */
export function phoneTableClass(phone: PhoneLayout | undefined): string {
  return phone?.layout === 'stack' ? 'phone-stack' : phone?.layout === 'priority' ? 'phone-priority' : '';
}

/**
 * Whether a column stays on a phone: always unless the layout is 'priority', where the row's key (the first
 * column), status cells and the named columns stay (row actions are not columns of the descriptor and stay).
 */
export function keptOnPhone(phone: PhoneLayout | undefined, column: { key: string; show?: string }, index: number): boolean {
  if (phone?.layout !== 'priority') return true;
  return index === 0 || column.show === 'status' || phone.keep.includes(column.key);
}
