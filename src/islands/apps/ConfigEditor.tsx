import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { useMemo, useRef, useState } from 'react';
import { updateConfigContract, type AppDetail } from '../../lib/apps/contract';
import { checkConfig, formatConfig } from '../../lib/apps/json-config';
import { api } from '../../lib/http/client';
import { showToast } from '../../lib/ui/toast-store';
import { formatDateTime } from '../../lib/time/format';
import { ProblemText } from '../common/ProblemText';
import { useTask } from '../../lib/ui/use-task';

/**
 * The app's JSON config with line numbers and live validation: the first problem is shown with its line,
 * column and reason (the server checks the same way and stores nothing broken).
 */
export default function ConfigEditor({ app, canEdit, onSaved }: { app: AppDetail; canEdit: boolean; onSaved: () => Promise<void> | void }) {
  const [text, setText] = useState(app.configText);
  const { busy, problem: serverProblem, run } = useTask();
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const check = useMemo(() => checkConfig(text), [text]);
  const lines = text.split('\n').length;
  const dirty = text !== app.configText;
  const badLine = check.ok ? null : check.problem.line;

  function goToProblem() {
    if (check.ok || !area.current) return;
    const before = text.split('\n').slice(0, check.problem.line - 1).join('\n').length + (check.problem.line > 1 ? 1 : 0);
    area.current.focus();
    area.current.setSelectionRange(before + check.problem.column - 1, before + check.problem.column);
  }

  const save = () =>
    run(async () => {
      await api(updateConfigContract, { appId: app.id, config: text });
      showToast('success', 'Config saved');
      await onSaved();
    });

  return (
    <div className="config-editor">
      <div className="config-frame">
        <div className="config-gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lines }, (_, i) => (
            <span key={i} className={badLine === i + 1 ? 'bad' : ''}>
              {i + 1}
            </span>
          ))}
        </div>
        <textarea
          ref={area}
          className="config-text"
          aria-label="Config (JSON)"
          spellCheck={false}
          value={text}
          readOnly={!canEdit}
          aria-invalid={!check.ok}
          onChange={(e) => setText(e.target.value)}
          onScroll={(e) => gutter.current && (gutter.current.scrollTop = e.currentTarget.scrollTop)}
          onKeyDown={(e) => {
            if (e.key === 'Tab' && canEdit) {
              e.preventDefault();
              const el = e.currentTarget;
              const { selectionStart: s, selectionEnd: end } = el;
              setText(`${text.slice(0, s)}  ${text.slice(end)}`);
              requestAnimationFrame(() => el.setSelectionRange(s + 2, s + 2));
            }
            if ((e.ctrlKey || e.metaKey) && e.key === 's' && canEdit) {
              e.preventDefault();
              if (check.ok && dirty) void save();
            }
          }}
        />
      </div>
      <div className="config-status" role="status">
        {check.ok ? (
          <span className="ok">
            <i className="pi pi-check-circle" aria-hidden="true" /> Valid JSON
          </span>
        ) : (
          <button type="button" className="link-button bad" onClick={goToProblem} data-testid="config-problem">
            <i className="pi pi-times-circle" aria-hidden="true" /> {check.problem.message}
          </button>
        )}
        <span className="muted">{app.configUpdatedAt ? `Last saved ${formatDateTime(app.configUpdatedAt)} (UTC+7)` : 'Never saved'}</span>
      </div>
      <ProblemText className="form-problem" text={serverProblem} />
      {canEdit ? (
        <div className="detail-actions">
          <Button type="button" label="Format" icon="pi pi-align-left" size="small" text disabled={!check.ok} onClick={() => check.ok && setText(formatConfig(check.value))} />
          <Button type="button" label="Revert" icon="pi pi-undo" size="small" text disabled={!dirty || busy} onClick={() => setText(app.configText)} />
          <Button type="button" label="Save config" icon="pi pi-save" size="small" disabled={!check.ok || !dirty} loading={busy} onClick={save} />
        </div>
      ) : (
        <p className="hint">Read only: editing needs the app_edit permission.</p>
      )}
    </div>
  );
}
