import { z } from 'zod';
import { signedInApi } from '../contract';

/**
 * The app a person last chose in a create form, remembered on the server per account (table account_form_app):
 * the next create form starts on it. Any signed-in account may remember an app it sees.
 */
export const rememberFormAppContract = signedInApi.post(
  '/api/account/form-app',
  z.object({ appId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters') }),
  z.object({ appId: z.string() }),
);
