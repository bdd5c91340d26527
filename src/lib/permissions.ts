/**
 * Private actions: named rights beyond opening a route. Endpoints and controls name the ones they need;
 * roles and accounts hold them. Shared by server and browser.
 */
export const PRIVATE_ACTIONS = {
  push_notification_create: 'Create posts on the notification board',
  push_notification_edit: 'Edit posts on the notification board',
  push_notification_delete: 'Delete posts on the notification board',
  push_notification_pin: 'Pin and unpin posts on the notification board',
  special_note_edit: 'Edit the header special note (finance_info_post)',
  app_edit: 'Create and edit apps',
  account_manage: 'Create, edit and deactivate admin accounts',
  role_manage: 'Edit roles and their permissions',
  config_edit: 'Edit configuration data',
  job_run: 'Run scheduled jobs now',
  finance_import: 'Import finance data',
  finance_close: 'Close and reopen finance months (a closed month refuses imports and corrections)',
  campaign_edit: 'Create and edit in-house ad campaigns',
  live_event_edit: 'Create and edit game events and seasons',
  gift_code_edit: 'Create gift codes',
  gift_code_export: 'Export generated gift codes as CSV (each export is audited)',
  mail_send: 'Send in-game mail',
  push_send: 'Send push notifications',
  user_data_update: 'Update a player\'s saved data',
  export_report: 'Export reports as CSV or Excel',
  analytic_note_edit: 'Mark dates on analytics charts (chart annotations)',
  s3_edit: 'Upload and delete files in the studio\'s S3 buckets',
  research_edit: 'Edit and delete any research note (authors edit their own)',
} as const;

export type PrivateAction = keyof typeof PRIVATE_ACTIONS;

/** Roles allowed to edit the header special note besides holders of special_note_edit (spec section 5). */
export const SPECIAL_NOTE_ROLES = ['admin', 'root', 'PO-Marketing'] as const;

/**
 * Permission check of spec section 6: root, or a control with no required action, passes; otherwise any
 * one listed action among the account's private actions or permissions. Kept here, free of the route
 * table, so islands can use it cheaply.
 */
export function hasAnyAction(
  account: { role: string; privateActions: readonly string[]; permissions: readonly string[] },
  required: readonly string[] | undefined,
): boolean {
  if (account.role === 'root') return true;
  if (!required || required.length === 0) return true;
  return required.some((action) => account.privateActions.includes(action) || account.permissions.includes(action));
}
