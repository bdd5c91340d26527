import { useState } from 'react';
import { changePasswordContract } from '../../lib/accounts/contract';
import { isWeakPassword, newPasswordProblem } from '../../lib/auth/validation';
import { api } from '../../lib/http/client';
import { showToast } from '../../lib/ui/toast-store';
import { ProblemText } from '../common/ProblemText';
import { messageOf } from '../../lib/error-message';

export default function ChangePasswordForm({ username }: { username: string }) {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const local = !oldPassword
      ? 'Please enter your current password.'
      : (newPasswordProblem(newPassword, username) ?? (newPassword !== confirm ? 'The two new passwords do not match.' : null));
    if (local) return setProblem(local);
    setProblem('');
    setBusy(true);
    try {
      await api(changePasswordContract, { oldPassword, newPassword });
      showToast('success', 'Password changed');
      setTimeout(() => location.assign('/'), 800);
    } catch (error) {
      setProblem(messageOf(error));
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <label htmlFor="cp-old">Current password</label>
      <input id="cp-old" type="password" autoComplete="current-password" value={oldPassword} onChange={(e) => setOld(e.target.value)} />
      <label htmlFor="cp-new">New password</label>
      <input id="cp-new" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} />
      {newPassword && isWeakPassword(newPassword) && <p className="login-problem">This is a weak password.</p>}
      <label htmlFor="cp-confirm">Repeat the new password</label>
      <input id="cp-confirm" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <ProblemText className="login-problem" text={problem} />
      <button type="submit" disabled={busy}>{busy ? 'Saving…' : 'Change password'}</button>
      <p className="auth-hint"><a href="/">Back to the console</a></p>
    </form>
  );
}
