import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import type { AppScope } from '../../lib/apps/store';
import { useLinkedApp } from '../../lib/apps/use-linked-app';
import { OS_NAMES, type OsCode } from '../../lib/platform';
import { api } from '../../lib/http/client';
import { TEST_FIND_BY, TEST_FIND_BY_LABELS, testPlayerFindContract, testPlayerMarkContract, testPlayerSessionContract, type TestPlayer, type TestScreenType } from '../../lib/testing/contract';
import { showToast } from '../../lib/ui/toast-store';
import AppAutocomplete from '../../lib/apps/filters/AppAutocomplete';
import Field from '../../lib/ui/filters/Field';
import EventForm, { type EventFormKind } from './EventForm';
import LiveEvents from './LiveEvents';
import LogicChecks from './LogicChecks';
import { submitWith } from '../../lib/ui/form-submit';
import './testing.css';

export interface TestScreenProps {
  account: AppScope;
  /** 1 live events, 2 ad impression, 3 purchase, 4 any event, 5 server logic (spec: one screen, type 1–5). */
  type: TestScreenType;
  /** The five tools the account may open, as tabs. */
  tabs: { type: number; route: string; tab: string }[];
  /** The app and player the URL names, and the player as the server found it. */
  initial: { appId: string; userId: string; player: TestPlayer | null };
  /** History log routes the account may open (links from a sent event). */
  historyRoutes: string[];
}

const FORM_OF: Partial<Record<TestScreenType, EventFormKind>> = { 2: 'adImpression', 3: 'purchase', 4: 'any' };
type By = (typeof TEST_FIND_BY)[number];
const osName = (os: number) => OS_NAMES[os as OsCode] ?? String(os);
/** A device id for a new test player: recognisable in the player lists, unique enough. */
const newDeviceId = () => `test-${Math.random().toString(36).slice(2, 10)}`;

/** The test screens: pick an app and a test player, then the tool of this type. */
export default function TestScreen({ account, type, tabs, initial, historyRoutes }: TestScreenProps) {
  const { appId, appName } = useLinkedApp(initial.appId);
  const [player, setPlayer] = useState<TestPlayer | null>(initial.player && initial.player.appId === initial.appId ? initial.player : null);
  const [by, setBy] = useState<By>('userId');
  const [q, setQ] = useState(initial.userId);
  const [deviceId, setDeviceId] = useState('');
  const [os, setOs] = useState<number>(1);
  const [busy, setBusy] = useState<'' | 'find' | 'create' | 'mark'>('');

  useEffect(() => setDeviceId(newDeviceId()), []);
  // Another app chosen: the player belonged to the old one.
  useEffect(() => {
    if (player && appId && player.appId !== appId) setPlayer(null);
  }, [appId, player]);

  function remember(next: TestPlayer | null) {
    setPlayer(next);
    const url = new URL(location.href);
    url.search = next ? new URLSearchParams({ appId: next.appId, userId: next.userId }).toString() : '';
    history.replaceState(history.state, '', url);
  }

  async function run(what: typeof busy, call: () => Promise<void>) {
    setBusy(what);
    try {
      await call();
    } catch {
      // The shared client already said why (a toast).
    } finally {
      setBusy('');
    }
  }

  const canFind = Boolean(appId && q.trim());
  const canCreate = Boolean(appId && deviceId.trim());
  const find = () => run('find', async () => remember((await api(testPlayerFindContract, { appId, by, q: q.trim() })).data));
  const create = () =>
    run('create', async () => {
      const { data } = await api(testPlayerSessionContract, { appId, os, deviceId: deviceId.trim() });
      remember(data.player);
      showToast('success', data.created ? `Player ${data.player.userId} created` : `Device already belongs to ${data.player.userId}`);
      setDeviceId(newDeviceId());
    });
  const mark = (isTest: boolean) =>
    run('mark', async () => {
      const { data } = await api(testPlayerMarkContract, { appId: player!.appId, userId: player!.userId, isTest });
      setPlayer(data.player);
      showToast('success', isTest ? 'Marked as test player' : 'Test player mark removed');
    });

  const query = player ? `?${new URLSearchParams({ appId: player.appId, userId: player.userId })}` : '';
  const platforms = player?.platforms.length ? player.platforms : [1, 2, 3];
  return (
    <section className="card test-screen" data-type={type}>
      <nav className="test-tabs" aria-label="Test tools">
        {tabs.map((t) => (
          <a key={t.type} href={`${t.route}${query}`} aria-current={t.type === type ? 'page' : undefined}>
            {t.tab}
          </a>
        ))}
      </nav>

      <div className="test-pick">
        <form
          className="toolbar report-filters"
          role="search"
          aria-label="Find a test player"
          onSubmit={submitWith(find, canFind)}
        >
          <Field label="App">
            <AppAutocomplete account={account} placeholder="Choose an app" />
          </Field>
          <Field label="Find by">
            <Dropdown value={by} options={TEST_FIND_BY.map((value) => ({ value, label: TEST_FIND_BY_LABELS[value] }))} onChange={(e) => setBy(e.value)} inputId="test-find-by" aria-label="Find by" />
          </Field>
          <Field label={TEST_FIND_BY_LABELS[by]}>
            <InputText value={q} onChange={(e) => setQ(e.target.value)} aria-label={`Player ${TEST_FIND_BY_LABELS[by].toLowerCase()}`} className="test-id-input" spellCheck={false} />
          </Field>
          <Button type="submit" label="Find" icon="pi pi-search" loading={busy === 'find'} disabled={!canFind} className="test-button" />
        </form>
        <form
          className="toolbar report-filters"
          aria-label="New test player"
          onSubmit={submitWith(create, canCreate)}
        >
          <Field label="Platform">
            <Dropdown value={os} options={[1, 2, 3].map((value) => ({ value, label: osName(value) }))} onChange={(e) => setOs(e.value)} inputId="test-new-os" aria-label="Platform of the new player" />
          </Field>
          <Field label="New device id">
            <InputText value={deviceId} onChange={(e) => setDeviceId(e.target.value)} aria-label="New device id" className="test-id-input" spellCheck={false} />
          </Field>
          <Button type="submit" label="New player" icon="pi pi-user-plus" severity="secondary" outlined loading={busy === 'create'} disabled={!canCreate} className="test-button" />
        </form>
      </div>

      {!player ? (
        <p className="history-empty">
          Choose an app{appId ? ` (${appName})` : ''}, then find a player by user id or device id, or start a new player with a device id — as the game&apos;s own session call does.
        </p>
      ) : (
        <>
          <article className="test-player" aria-label={`Player ${player.userId}`} data-testid="test-player">
            <div>
              <code>{player.userId}</code> <span className="hint">in {appName || player.appId}</span>{' '}
              {player.isTest ? <span className="test-badge">test player</span> : <span className="test-badge counts">counts in reports</span>}
              <div className="hint">
                {player.devices.length ? player.devices.map((d) => `${d.deviceId} (${osName(d.os)})`).join(', ') : 'no device'}
              </div>
            </div>
            {player.isTest ? (
              <Button type="button" label="Unmark test player" icon="pi pi-undo" severity="secondary" outlined loading={busy === 'mark'} onClick={() => void mark(false)} />
            ) : (
              <Button type="button" label="Mark as test player" icon="pi pi-flag" loading={busy === 'mark'} onClick={() => void mark(true)} />
            )}
          </article>
          {!player.isTest && type !== 1 && type !== 5 && (
            <p className="test-warning" role="note">
              Sending is open to test players only: mark this player first, so what you send stays out of every report.
            </p>
          )}
          {FORM_OF[type] && <EventForm key={`${type}-${player.userId}`} kind={FORM_OF[type]!} player={player} platforms={platforms} historyRoutes={historyRoutes} />}
          {type === 5 ? <LogicChecks player={player} /> : <LiveEvents key={player.userId} player={player} compact={type !== 1} />}
        </>
      )}
    </section>
  );
}
