import '../../lib/ui/prime';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { PostDraft } from '../../lib/posts/board-store';
import { bodyProblem, POST_TYPE_OPTIONS, titleProblem } from '../../lib/posts/rules';

const PostEditor = lazy(() => import('./PostEditor'));

interface Props {
  /** The post being edited, or a new one (no id). */
  draft: PostDraft;
  canPin: boolean;
  onSave: (draft: PostDraft) => Promise<unknown>;
  onClose: () => void;
}

/** The add/edit dialog: 88% wide, closed only by its buttons (not by clicking outside). */
export default function PostDialog({ draft: initial, canPin, onSave, onClose }: Props) {
  const [draft, setDraft] = useState<PostDraft>(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const editing = initial.id !== undefined;
  const problems = { title: titleProblem(draft.title), body: bodyProblem(draft.body) };
  const update = (change: Partial<PostDraft>) => setDraft((d) => ({ ...d, ...change }));

  async function save() {
    setTouched(true);
    if (problems.title || problems.body) return;
    setBusy(true);
    try {
      await onSave(draft);
      onClose();
    } catch {
      // The requester already showed the server's message; the dialog stays open with the input.
      setBusy(false);
    }
  }

  const footer = (
    <div className="post-dialog-footer">
      <Button type="button" label="Cancel" severity="secondary" outlined onClick={onClose} disabled={busy} />
      <Button type="button" label={editing ? 'Update' : 'Create'} icon="pi pi-check" onClick={save} loading={busy} />
    </div>
  );

  return (
    <Dialog
      visible
      header={editing ? 'Edit' : 'Add new'}
      style={{ width: '88%' }}
      dismissableMask={false}
      modal
      onHide={() => !busy && onClose()}
      footer={footer}
      className="post-dialog"
      // PrimeReact focuses the dialog's first button (Close) when it shows; a post starts with its Title.
      focusOnShow={false}
      onShow={() => titleInput.current?.focus()}
    >
      <div className="post-form">
        <label htmlFor="post-title">Title</label>
        <div>
          <InputText
            ref={titleInput}
            id="post-title"
            value={draft.title}
            onChange={(e) => update({ title: e.target.value })}
            onBlur={() => draft.title && setTouched(true)}
            style={{ width: '700px', maxWidth: '100%' }}
            invalid={touched && !!problems.title}
            aria-describedby="post-title-problem"
            autoFocus
          />
          {touched && problems.title && (
            <small id="post-title-problem" className="p-error post-problem" role="alert">
              {problems.title}
            </small>
          )}
        </div>

        <label htmlFor="post-type">Type</label>
        <Dropdown inputId="post-type" value={draft.type} options={[...POST_TYPE_OPTIONS]} onChange={(e) => update({ type: e.value as number })} style={{ width: '240px' }} />

        <span className="post-form-label">Options</span>
        <div className="post-form-checks">
          <span className="post-check">
            <Checkbox inputId="post-pinned" checked={draft.isPinned} onChange={(e) => update({ isPinned: !!e.checked })} disabled={!canPin} />
            <label htmlFor="post-pinned">Pinned</label>
          </span>
          <span className="post-check">
            <Checkbox inputId="post-publish" checked={draft.publish} onChange={(e) => update({ publish: !!e.checked })} />
            <label htmlFor="post-publish">Publish</label>
          </span>
        </div>

        <span className="post-form-label" id="post-body-label">Body</span>
        <div>
          <Suspense fallback={<div className="post-editor-loading">Loading the editor…</div>}>
            <PostEditor value={draft.body} onChange={(body) => update({ body })} labelledBy="post-body-label" />
          </Suspense>
          {problems.body && (
            <small className="p-error post-problem" role="alert">
              {problems.body}
            </small>
          )}
        </div>
      </div>
    </Dialog>
  );
}
