import { useEffect, useState } from 'react';
import { loginContract } from '../../lib/auth/contract';
import { isDefaultUsername, isWeakPassword } from '../../lib/auth/validation';
import { safeRedirect } from '../../lib/auth/redirect';
import { api } from '../../lib/http/client';
import { MESSAGES } from '../../lib/http/messages';
import { flashToast, showToast } from '../../lib/ui/toast-store';
import { ProblemText } from '../common/ProblemText';

/**
 * Sign-in form; on success the server has set the HttpOnly session cookies, so the page just navigates.
 * Inputs are uncontrolled so that what a fast typist entered before hydration is kept.
 */
export default function LoginForm({ redirect, sessionError }: { redirect: string; sessionError?: string | null }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (sessionError !== null && sessionError !== undefined) showToast('error', sessionError || MESSAGES.sessionLoadFailed);
  }, [sessionError]);

  async function submit(event: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!username || !password) {
      setProblem(!username ? 'Please enter your username.' : 'Please enter your password.');
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      await api(loginContract, { username, password });
      // The weak-password and default-username helpers of spec section 5 warn on the next screen.
      if (isWeakPassword(password)) flashToast('warn', 'Your password is weak: please change it (user menu → Change password).');
      else if (isDefaultUsername(username)) flashToast('warn', `"${username}" is a default username: ask an administrator for a personal account.`);
      location.assign(safeRedirect(redirect));
    } catch {
      // The shared client already showed the server's message as a toast (error catalogue).
      setBusy(false);
    }
  }

  return (
    <form className="login-form" method="post" onSubmit={submit} noValidate>
      <label htmlFor="login-username">Username</label>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- signing in is the page's only task: the cursor starts where the typing does */}
      <input id="login-username" name="username" autoComplete="username" autoFocus />
      <label htmlFor="login-password">Password</label>
      <input id="login-password" name="password" type="password" autoComplete="current-password" />
      <ProblemText className="login-problem" text={problem} />
      <button type="submit" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
    </form>
  );
}

/** Only same-site paths are followed after sign-in (no open redirect): src/lib/auth/redirect.ts. */
export { safeRedirect };
