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
  campaign_edit: 'Create and edit in-house ad campaigns',
  live_event_edit: 'Create and edit game events and seasons',
  gift_code_edit: 'Create gift codes',
  mail_send: 'Send in-game mail',
  push_send: 'Send push notifications',
  user_data_update: 'Update a player\'s saved data',
  export_report: 'Export reports as CSV or Excel',
} as const;

export type PrivateAction = keyof typeof PRIVATE_ACTIONS;

/** Roles allowed to edit the header special note besides holders of special_note_edit (spec section 5). */
export const SPECIAL_NOTE_ROLES = ['admin', 'root', 'PO-Marketing'] as const;
