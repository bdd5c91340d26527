import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { api } from '../../lib/http/client';
import { testLogicContract, type LogicCheck, type TestPlayer } from '../../lib/testing/contract';
import { formatDateTime } from '../../lib/time/format';
import { submitWith } from '../../lib/ui/form-submit';

const STATUS_LABEL: Record<LogicCheck['status'], string> = { ok: 'OK', warn: 'Check', planned: 'Not checked yet' };

/** Type 5: the server's view of the player, read only, and the checks other features will add. */
export default function LogicChecks({ player }: { player: TestPlayer }) {
  const [result, setResult] = useState<{ checks: LogicCheck[]; checkedAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');

  async function load() {
    setBusy(true);
    try {
      setResult((await api(testLogicContract, { appId: player.appId, userId: player.userId, ...(code.trim() ? { code: code.trim() } : {}) })).data);
    } catch {
      // The shared client already said why.
    } finally {
      setBusy(false);
    }
  }
  // Checks again when the player changes; `load` is a new function each render and reads the code typed so far.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void load(), [player.appId, player.userId, player.isTest]);

  const today = result?.checks.filter((c) => c.status !== 'planned') ?? [];
  const planned = result?.checks.filter((c) => c.status === 'planned') ?? [];
  return (
    <section className="test-logic" aria-labelledby="test-logic-title" aria-busy={busy}>
      <header className="test-live-head">
        <h2 id="test-logic-title">Server logic for this player</h2>
        <span className="hint">{result ? `read at ${formatDateTime(result.checkedAt)} · nothing is changed` : 'Reading…'}</span>
        <Button type="button" size="small" text label="Check again" icon="pi pi-refresh" loading={busy} onClick={() => void load()} />
      </header>
      <form className="logic-code" onSubmit={submitWith(load)}>
        <label htmlFor="logic-gift-code">Gift code to try (optional; nothing is redeemed)</label>
        <InputText id="logic-gift-code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={64} autoComplete="off" />
        <Button type="submit" size="small" label="Try code" icon="pi pi-gift" outlined loading={busy} />
      </form>
      <ul className="logic-list">
        {today.map((c) => (
          <li key={c.id} data-check={c.id}>
            <span className={`logic-status ${c.status}`}>{STATUS_LABEL[c.status]}</span>
            <strong>{c.title}</strong>
            <span>{c.detail}</span>
          </li>
        ))}
      </ul>
      {planned.length > 0 && (
        <>
          <h3>Added by features still being built</h3>
          <ul className="logic-list">
            {planned.map((c) => (
              <li key={c.id} data-check={c.id}>
                <span className="logic-status planned">{STATUS_LABEL.planned}</span>
                <strong>{c.title}</strong>
                <span>{c.detail}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
