/** Spec section 5 helpers, shared by the sign-in and change-password screens and the server. */

const DEFAULT_USERNAMES = ['admin', 'gsmadmin', 'gsmanager', 'tester', 'gamedesigner'];
/** One all-digit value and three company-style passwords, refused as new passwords and flagged at sign-in. */
export const WEAK_PASSWORDS = ['123456789', 'Gsm@123', 'Gsm@123456', 'Gsmstudio@123'] as const;

export const isDefaultUsername = (username: string): boolean => DEFAULT_USERNAMES.includes(username.trim());
export const isWeakPassword = (password: string): boolean => (WEAK_PASSWORDS as readonly string[]).includes(password);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (value: string): boolean => EMAIL.test(value.trim());

/** An external link starts with http(s):, mailto: or tel:. */
export const isExternalLink = (path: string): boolean => /^(https?:|mailto:|tel:)/.test(path);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Why a new password is refused, or null when it is acceptable. */
export function newPasswordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN) return `The new password must have at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `The new password must have at most ${PASSWORD_MAX} characters.`;
  if (isWeakPassword(password)) return 'This password is on the list of weak passwords; choose another.';
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) return 'The new password must differ from the username.';
  return null;
}
