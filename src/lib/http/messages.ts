/** The texts of the error catalogue (spec section 8), in one place for client, server and tests. */
export const MESSAGES = {
  unauthorized: 'Unauthorized! Please try login!',
  permissionInvalid: 'Permission invalid',
  serverError: 'Server is Error!',
  noRefreshToken: "can't refresh token !(case not find refresh token in local)",
  sessionLoadFailed: 'Has Error',
} as const;

export const REQUEST_TIMEOUT_MS = 40_000;
export const TOAST_LIFE_MS = 2500;
