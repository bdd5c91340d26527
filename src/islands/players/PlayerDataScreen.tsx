import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { checkConfig, formatConfig } from '../../lib/apps/json-config';
import type { AppScope } from '../../lib/apps/store';
import { useLinkedApp } from '../../lib/apps/use-linked-app';
import { api } from '../../lib/http/client';
import { changesOnly, lineDiff } from '../../lib/players/line-diff';
import { playerDataEditReadContract, playerDataUpdateContract, playerDataViewContract } from '../../lib/players/staff-contract';
import { formatDateTime } from '../../lib/time/format';
import { showToast } from '../../lib/ui/toast-store';
import Field from '../../lib/ui/filters/Field';
import PlayerLookup from './PlayerLookup';
import { ProblemText } from '../common/ProblemText';
import '../../styles/players.css';
import { serverMessageOf } from '../../lib/http/requester';
import { useTask } from '../../lib/ui/use-task';

interface Save {
  version: number;
  data: Record<string, unknown>;
  updatedAt: string | null;
  updatedBy: string | null;
}
export interface PlayerDataProps {
  mode: 'view' | 'update';
  account: AppScope;
  /** The player the page was opened for, and their save when the server could read it. */
  query: { appId: string; userId: string };
  initial: Save | null;
  /** The update screen's Save needs user_data_update. */
  canSave: boolean;
}

/**
 * A player's cloud save: read (view), or edited as JSON with live validation, a diff to review before saving,
 * and a save that fails with 409 when the game saved meanwhile (update).
 */
export default function PlayerDataScreen({ mode, account, query, initial, canSave }: PlayerDataProps) {
  const [userId, setUserId] = useState(query.userId);
  const [save, setSave] = useState<Save | null>(initial);
  const [text, setText] = useState(initial ? formatConfig(initial.data) : '');
  const [reviewing, setReviewing] = useState(false);
  const { busy, problem, run } = useTask(serverMessageOf);
  const { appId } = useLinkedApp(query.appId);

  const original = save ? formatConfig(save.data) : '';
  const check = useMemo(() => checkConfig(text), [text]);
  const diff = useMemo(() => (reviewing ? changesOnly(lineDiff(original, text)) : []), [reviewing, original, text]);

  async function load() {
    if (!appId || !userId.trim()) return;
    const contract = mode === 'update' ? playerDataEditReadContract : playerDataViewContract;
    // A player that cannot be read is said by the request's toast (not under the form): the read answers null.
    const data = await run(() => api(contract, { appId, userId: userId.trim() }).then((answer) => answer.data, () => null));
    if (!data) return setSave(null);
    setSave(data);
    setText(formatConfig(data.data));
    setReviewing(false);
    const url = new URL(location.href);
    url.search = new URLSearchParams({ appId, userId: userId.trim() }).toString();
    history.replaceState(history.state, '', url);
  }

  async function store() {
    if (!save || !check.ok) return;
    await run(async () => {
      const { data } = await api(playerDataUpdateContract, { appId, userId: userId.trim(), version: save.version, data: check.value });
      showToast('success', `Saved data of ${userId.trim()} (version ${data.version})`);
      setSave({ version: data.version, data: check.value, updatedAt: data.updatedAt, updatedBy: 'you' });
      setReviewing(false);
    });
  }

  return (
    <section className="card player-data" aria-busy={busy}>
      <PlayerLookup label="Choose a player" account={account} onSubmit={() => void load()} submit={{ label: 'Open', icon: 'pi pi-folder-open', busy: busy && !save, disabled: !appId || !userId.trim() }}>
        <Field label="User id">
          <InputText value={userId} onChange={(e) => setUserId(e.target.value)} aria-label="User id" className="history-user" spellCheck={false} />
        </Field>
      </PlayerLookup>
      {!save ? (
        <p className="history-empty">Choose an app and enter a player&apos;s user id to {mode === 'update' ? 'edit' : 'see'} their saved data.</p>
      ) : (
        <>
          <p className="save-meta" data-testid="save-meta">
            Version {save.version}
            {save.updatedAt ? ` · saved ${formatDateTime(save.updatedAt)} by ${save.updatedBy === 'sdk' ? 'the game' : save.updatedBy}` : ' · nothing saved yet'}
          </p>
          {mode === 'view' ? (
            <pre className="save-json" data-testid="save-json">
              {original}
            </pre>
          ) : reviewing ? (
            <>
              <h2 className="resource-heading">Changes to save</h2>
              <div className="save-diff" data-testid="save-diff" role="region" aria-label="Changes to save">
                {diff.length === 0 || diff.every((l) => l.kind === 'same' || l.kind === 'gap') ? (
                  <div className="gap">No change.</div>
                ) : (
                  diff.map((line, i) =>
                    line.kind === 'gap' ? (
                      <div key={i} className="gap">
                        … {line.count} unchanged line{line.count === 1 ? '' : 's'}
                      </div>
                    ) : (
                      <div key={i} className={line.kind}>
                        {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
                        {line.text}
                      </div>
                    ),
                  )
                )}
              </div>
              <ProblemText className="save-problem" text={problem} />
              <div className="dialog-actions">
                <Button type="button" label="Back to editing" text onClick={() => setReviewing(false)} />
                {problem.startsWith('version:') && <Button type="button" label="Reload" icon="pi pi-refresh" outlined onClick={() => void load()} />}
                <Button type="button" label="Save" icon="pi pi-check" loading={busy} disabled={!canSave || text === original} onClick={() => void store()} />
              </div>
            </>
          ) : (
            <>
              <label htmlFor="save-editor" className="sr-only">
                Saved data (JSON)
              </label>
              <textarea id="save-editor" className="save-editor p-inputtext" value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} aria-invalid={!check.ok} />
              <ProblemText className="save-problem" text={check.ok ? '' : check.problem.message.replace(/^l/, 'L')} />
              <div className="dialog-actions">
                {!canSave && <span className="hint">Saving needs the user_data_update action.</span>}
                <Button type="button" label="Review changes" icon="pi pi-eye" disabled={!check.ok || text === original} onClick={() => setReviewing(true)} />
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
