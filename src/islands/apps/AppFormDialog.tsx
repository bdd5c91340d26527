import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { checkNotExistLabelsContract, createAppContract, updateAppContract, type AppDetail, type AppSummary } from '../../lib/apps/contract';
import { OS_CODES, OS_NAMES, OS_PACKAGE_LABEL, type OsCode } from '../../lib/platform';
import { APP_ID_PATTERN, APP_ID_RULE, GAME_TYPE_SUGGESTIONS, HIGHLIGHT_OPTIONS, normaliseTags, PACKAGE_ID_PATTERN } from '../../lib/apps/rules';
import { api } from '../../lib/http/client';
import { debounce } from '../../lib/ui/filters/debounce';
import { showToast } from '../../lib/ui/toast-store';
import type { Team } from '../../lib/apps/contract';
import { ProblemText } from '../common/ProblemText';
import { submitWith } from '../../lib/ui/form-submit';
import { messageOf } from '../../lib/error-message';

interface PlatformDraft {
  enabled: boolean;
  packageId: string;
  storeUrl: string;
}

interface AppFormDialogProps {
  /** null: create a new app. */
  app: AppSummary | null;
  teams: Team[];
  onClose: () => void;
  onSaved: (app: AppDetail, created: boolean) => void;
}

const isUrl = (v: string) => v === '' || /^https?:\/\/\S+$/i.test(v) || /^\/\S*$/.test(v);

/** Create and edit dialog: id (new apps only), name, team, icon, game types, labels, platforms, flags. */
export default function AppFormDialog({ app, teams, onClose, onSaved }: AppFormDialogProps) {
  const creating = app === null;
  const [id, setId] = useState(app?.id ?? '');
  const [name, setName] = useState(app?.name ?? '');
  const [teamId, setTeamId] = useState<number | null>(app?.teamId ?? null);
  const [icon, setIcon] = useState(app?.icon ?? '');
  const [gameTypes, setGameTypes] = useState<string[]>(app?.gameTypes ?? []);
  const [labels, setLabels] = useState<string[]>(app?.labels ?? []);
  const [published, setPublished] = useState(app?.published ?? false);
  const [showFinance, setShowFinance] = useState(app?.showFinance ?? true);
  const [reportMonth, setReportMonth] = useState(app?.reportMonth ?? true);
  const [highlight, setHighlight] = useState(app?.highlight ?? '');
  const [platforms, setPlatforms] = useState<Record<OsCode, PlatformDraft>>(() => {
    const draft = {} as Record<OsCode, PlatformDraft>;
    for (const os of OS_CODES) {
      const found = app?.os.find((o) => o.os === os);
      draft[os] = { enabled: Boolean(found), packageId: found?.packageId ?? '', storeUrl: found?.storeUrl ?? '' };
    }
    return draft;
  });
  const [newLabels, setNewLabels] = useState<string[]>([]);
  const [problem, setProblem] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  // Labels nobody uses yet are probably new on purpose, sometimes a typo: say so before saving.
  const checkLabels = useMemo(
    () =>
      debounce(async (list: string[]) => {
        const { data } = await api(checkNotExistLabelsContract, { labels: list }).catch(() => ({ data: { notExist: [] as string[] } }));
        setNewLabels(data.notExist);
      }),
    [],
  );
  useEffect(() => {
    const added = labels.filter((l) => !app?.labels.some((old) => old.toLowerCase() === l.toLowerCase()));
    if (added.length) checkLabels(added);
    else setNewLabels([]);
  }, [labels, app, checkLabels]);

  const errors = useMemo(() => {
    const found: Record<string, string> = {};
    if (creating && !APP_ID_PATTERN.test(id.trim().toLowerCase())) found.id = `The app id ${APP_ID_RULE}.`;
    if (!name.trim()) found.name = 'The name is required.';
    if (!isUrl(icon.trim())) found.icon = 'The icon must be an http(s) URL.';
    const chosen = OS_CODES.filter((os) => platforms[os].enabled);
    if (chosen.length === 0) found.platforms = 'Choose at least one platform.';
    for (const os of chosen) {
      if (!PACKAGE_ID_PATTERN.test(platforms[os].packageId.trim())) found[`pkg${os}`] = `${OS_PACKAGE_LABEL[os]}: 2-150 letters, digits, ".", "-" or "_".`;
      if (!isUrl(platforms[os].storeUrl.trim())) found[`url${os}`] = 'The store URL must be an http(s) URL.';
    }
    return found;
  }, [creating, id, name, icon, platforms]);

  const setPlatform = (os: OsCode, patch: Partial<PlatformDraft>) => setPlatforms((p) => ({ ...p, [os]: { ...p[os], ...patch } }));
  const removedPlatforms = app ? app.os.filter((o) => !platforms[o.os].enabled).map((o) => OS_NAMES[o.os]) : [];

  async function save() {
    setTouched(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setProblem('');
    const os = OS_CODES.filter((code) => platforms[code].enabled).map((code) => ({ os: code, packageId: platforms[code].packageId.trim(), storeUrl: platforms[code].storeUrl.trim() }));
    // The form keeps the highlight as the select's string; the save contract's zod checks it is one of the choices.
    const fields = { name: name.trim(), icon: icon.trim(), teamId, gameTypes: normaliseTags(gameTypes), labels: normaliseTags(labels), published, showFinance, reportMonth, highlight: highlight as never, os };
    try {
      const { data } = creating ? await api(createAppContract, { id: id.trim().toLowerCase(), ...fields }) : await api(updateAppContract, { appId: app.id, data: fields });
      showToast('success', creating ? `App ${data.name} created` : `App ${data.name} saved`);
      onSaved(data, creating);
    } catch (error) {
      setProblem(messageOf(error));
      setBusy(false);
    }
  }

  const show = (key: string) => (touched && errors[key] ? <small className="field-error">{errors[key]}</small> : null);

  return (
    <Dialog
      visible
      header={creating ? 'New app' : `Edit ${app.name}`}
      onHide={onClose}
      style={{ width: 'min(760px, 96vw)' }}
      closeOnEscape={!busy}
      dismissableMask={false}
      footer={
        <div className="dialog-footer">
          <ProblemText className="form-problem" text={problem} />
          <Button type="button" label="Cancel" text onClick={onClose} disabled={busy} />
          <Button type="button" label={creating ? 'Create app' : 'Save'} icon="pi pi-check" onClick={save} loading={busy} />
        </div>
      }
    >
      <form className="app-form" onSubmit={submitWith(save)} noValidate>
        <div className="form-grid">
          <label htmlFor="af-id">App id</label>
          <div>
            <InputText id="af-id" value={id} onChange={(e) => setId(e.target.value)} disabled={!creating} placeholder="com.studio.game" aria-invalid={Boolean(touched && errors.id)} />
            {creating ? <small className="hint">Lower-case, e.g. com.gsm.blockpuzzle. It cannot change later.</small> : null}
            {show('id')}
          </div>
          <label htmlFor="af-name">Name</label>
          <div>
            <InputText id="af-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(touched && errors.name)} />
            {show('name')}
          </div>
          <label htmlFor="af-team">Team</label>
          <Dropdown inputId="af-team" value={teamId} options={teams} optionLabel="name" optionValue="id" onChange={(e) => setTeamId(e.value ?? null)} showClear placeholder="No team" />
          <label htmlFor="af-icon">Icon URL</label>
          <div>
            <InputText id="af-icon" value={icon} onChange={(e) => setIcon(e.target.value)} placeholder="https://…/icon.png" />
            {show('icon')}
          </div>
          <label htmlFor="af-types">Game types</label>
          <div>
            <Chips inputId="af-types" value={gameTypes} onChange={(e) => setGameTypes(e.value ?? [])} separator="," addOnBlur allowDuplicate={false} />
            <small className="hint">
              Press Enter after each. Common:{' '}
              {GAME_TYPE_SUGGESTIONS.filter((g) => !gameTypes.includes(g)).slice(0, 8).map((g) => (
                <button key={g} type="button" className="link-button" onClick={() => setGameTypes([...gameTypes, g])}>
                  {g}
                </button>
              ))}
            </small>
          </div>
          <label htmlFor="af-labels">Labels</label>
          <div>
            <Chips inputId="af-labels" value={labels} onChange={(e) => setLabels(e.value ?? [])} separator="," addOnBlur allowDuplicate={false} />
            {newLabels.length > 0 && <small className="hint warn">New label{newLabels.length > 1 ? 's' : ''} (no app has {newLabels.length > 1 ? 'them' : 'it'} yet): {newLabels.join(', ')}</small>}
          </div>
        </div>

        <fieldset className="platforms">
          <legend>Platforms</legend>
          {OS_CODES.map((os) => (
            <div key={os} className={`platform-row ${platforms[os].enabled ? '' : 'off'}`}>
              <div className="platform-check">
                <Checkbox inputId={`af-os-${os}`} checked={platforms[os].enabled} onChange={(e) => setPlatform(os, { enabled: Boolean(e.checked) })} />
                <label htmlFor={`af-os-${os}`}>{OS_NAMES[os]}</label>
              </div>
              {platforms[os].enabled && (
                <>
                  <div>
                    <InputText id={`af-pkg-${os}`} value={platforms[os].packageId} onChange={(e) => setPlatform(os, { packageId: e.target.value })} placeholder={OS_PACKAGE_LABEL[os]} aria-label={`${OS_NAMES[os]} ${OS_PACKAGE_LABEL[os]}`} />
                    {show(`pkg${os}`)}
                  </div>
                  <div>
                    <InputText id={`af-url-${os}`} value={platforms[os].storeUrl} onChange={(e) => setPlatform(os, { storeUrl: e.target.value })} placeholder="Store URL" aria-label={`${OS_NAMES[os]} store URL`} />
                    {show(`url${os}`)}
                  </div>
                </>
              )}
            </div>
          ))}
          {show('platforms')}
          <small className="hint">Each platform gets its own SDK app key when saved.</small>
          {removedPlatforms.length > 0 && <small className="hint warn">Saving removes {removedPlatforms.join(' and ')} and its SDK key: builds using that key stop being accepted.</small>}
        </fieldset>

        <div className="flags">
          <span className="flag">
            <Checkbox inputId="af-published" checked={published} onChange={(e) => setPublished(Boolean(e.checked))} />
            <label htmlFor="af-published">Published</label>
          </span>
          <span className="flag">
            <Checkbox inputId="af-finance" checked={showFinance} onChange={(e) => setShowFinance(Boolean(e.checked))} />
            <label htmlFor="af-finance">Show in finance</label>
          </span>
          <span className="flag">
            <Checkbox inputId="af-month" checked={reportMonth} onChange={(e) => setReportMonth(Boolean(e.checked))} />
            <label htmlFor="af-month">In monthly report</label>
          </span>
          <span className="flag">
            <label htmlFor="af-highlight">Finance highlight</label>
            <Dropdown inputId="af-highlight" value={highlight} options={HIGHLIGHT_OPTIONS.map((h) => ({ label: h.title, value: h.value }))} onChange={(e) => setHighlight(e.value ?? '')} placeholder="None" />
          </span>
        </div>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
