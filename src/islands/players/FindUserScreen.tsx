import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import type { AppScope } from '../../lib/apps/store';
import { useLinkedApp } from '../../lib/apps/use-linked-app';
import { messageOf } from '../../lib/error-message';
import { OS_NAMES, type OsCode } from '../../lib/platform';
import { HISTORY_KINDS } from '../../lib/history/kinds';
import { api } from '../../lib/http/client';
import { FIND_BY, FIND_BY_LABELS, findPlayerContract, playerProfileContract, type PlayerProfile } from '../../lib/players/staff-contract';
import { formatDateTime, formatDay } from '../../lib/time/format';
import { formatUsdMicros } from '../../lib/reports/columns';
import Field from '../../lib/ui/filters/Field';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useListAnswers } from '../../lib/ui/list/list-answer';
import { useLatestGuard } from '../../lib/ui/list/use-latest-guard';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { ListTable } from '../common/ListTable';
import { rowsInHand } from '../common/rows-in-hand';
import PlayerLookup from './PlayerLookup';
import '../../styles/players.css';
import './find-user.css';
import { addDays } from '../../lib/time/day';
import { formatCount } from '../../lib/numbers';

type By = (typeof FIND_BY)[number];
type Match = { userId: string; how: string };
type Purchase = PlayerProfile['purchases'][number];
/** The search in the URL: the app, what to find by, and the text. */
type Search = { appId: string; by: string; q: string };
export interface FindUserProps {
  account: AppScope;
  /** The search the page was opened with, and what the server found for it. */
  search: { appId: string; by: By; q: string };
  initial: { matches: Match[]; profile: PlayerProfile | null } | null;
  /** Links to the history logs and the save viewer, for accounts that may open them. */
  links: { history: string[]; saveView: boolean };
}

const usd = (micros: number) => formatUsdMicros(micros);
const hours = (seconds: number) => `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
const os = (code: number) => OS_NAMES[code as OsCode] ?? String(code);
/** A "find by" from the URL: one of the choices, else the user id (a hand-edited link does not make the request fail). */
const byOf = (raw: string): By => FIND_BY.find((b) => b === raw) ?? 'userId';
const complete = (s: Search) => Boolean(s.appId && s.q);

const PURCHASE_COLUMNS: ListColumn<Purchase>[] = [
  { key: 'time', header: 'Time (UTC+7)', className: 'date-time', text: (r) => formatDateTime(r.time) },
  { key: 'productId', header: 'Product' },
  { key: 'revenueUsdMicros', header: 'Revenue (USD)', className: 'num', headerClassName: 'num', text: (r) => usd(r.revenueUsdMicros) },
  { key: 'transactionId', header: 'Transaction id', body: (r) => <code>{r.transactionId}</code> },
  { key: 'store', header: 'Store' },
];

/** The profile shown, and for which player (app and user id). */
type ProfileState = { key: string; data: PlayerProfile | null; error: string | null };
const profileKey = (appId: string, userId: string) => JSON.stringify([appId, userId]);

/**
 * Find a player by user id, device id or IAP transaction id, and see everything the console knows of them.
 * The search is the list controller's (in the URL, answered on the server for a shared link; one request
 * counts); the matches are its rows, and one match — or the one picked — opens its profile.
 */
export default function FindUserScreen({ account, search, initial, links }: FindUserProps) {
  const [by, setBy] = useState<By>(search.by);
  const [q, setQ] = useState(search.q);
  const { appId, appName } = useLinkedApp(search.appId);
  // Which search the matches shown answer, so a profile is never asked for one search's player in another's app.
  const searchOf = useListAnswers<Search>();
  const list = useResourceList<Match, Search>({
    filters: { appId: '', by: 'userId', q: '' },
    serverFilters: search,
    initial: initial ? { data: searchOf.keep(initial.matches, search) } : null,
    serverPaged: false,
    pageSize: 50,
    // An incomplete search asks nothing: the screen says what to enter.
    load: async ({ filters: f }) => ({ data: searchOf.keep(complete(f) ? (await api(findPlayerContract, { appId: f.appId, by: byOf(f.by), q: f.q })).data.matches : [], f) }),
  });
  const asked = list.applied.filters;
  const matches = list.rows ?? [];

  // The player shown: the only match, else the one picked from the matches.
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = matches.length === 1 ? matches[0]!.userId : matches.some((m) => m.userId === picked) ? picked : null;
  const guard = useLatestGuard();
  const [profile, setProfile] = useState<ProfileState | null>(() => (initial?.profile ? { key: profileKey(search.appId, initial.profile.userId), data: initial.profile, error: null } : null));
  const answered = searchOf.of(list.rows);
  const wanted = chosen && answered && !list.loading ? profileKey(answered.appId, chosen) : null;
  const readProfile = (key: string) => {
    const [forApp, userId] = JSON.parse(key) as [string, string];
    const isCurrent = guard.begin();
    setProfile({ key, data: null, error: null });
    api(playerProfileContract, { appId: forApp, userId }).then(
      ({ data }) => isCurrent() && setProfile({ key, data, error: null }),
      (failure: unknown) => isCurrent() && setProfile({ key, data: null, error: messageOf(failure) }),
    );
  };
  useEffect(() => {
    if (wanted && profile?.key !== wanted) readProfile(wanted);
    // Asked once per player: profile changes as it answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);

  function find() {
    if (!appId || !q.trim()) return;
    const next = { appId, by, q: q.trim() };
    setPicked(null);
    setProfile(null);
    // The same search again asks again (a player found since); a new one goes through the URL.
    if (JSON.stringify(next) === JSON.stringify(asked)) void list.reload();
    else list.setFilters(next);
  }

  const busy = list.loading;
  const shownProfile = wanted && profile?.key === wanted ? profile : null;
  const p = shownProfile?.data;
  const byLabel = FIND_BY_LABELS[byOf(asked.by)];
  return (
    <section className="card find-user" aria-busy={busy}>
      <PlayerLookup label="Find a player" account={account} onSubmit={() => find()} submit={{ label: 'Find', icon: 'pi pi-search', busy, disabled: !appId || !q.trim() }}>
        <Field label="Find by">
          <Dropdown value={by} options={FIND_BY.map((value) => ({ value, label: FIND_BY_LABELS[value] }))} onChange={(e) => setBy(e.value)} inputId="find-by" aria-label="Find by" />
        </Field>
        <Field label={FIND_BY_LABELS[by]}>
          <InputText value={q} onChange={(e) => setQ(e.target.value)} aria-label={FIND_BY_LABELS[by]} className="history-user" spellCheck={false} />
        </Field>
      </PlayerLookup>

      {!complete(asked) ? (
        <p className="history-empty">Choose an app and enter a user id, a device id or a purchase&apos;s transaction id.</p>
      ) : list.loading ? (
        <p className="list-loading" role="status">
          Looking for the player…
        </p>
      ) : list.status === 'empty' ? (
        <p className="history-empty" data-testid="find-none">
          No player of {appName} has the {byLabel.toLowerCase()} {asked.q}.
        </p>
      ) : list.status === 'error' || !chosen ? (
        <ListTable
          list={list}
          columns={[
            { key: 'userId', header: 'Player', body: (m) => <Button type="button" text size="small" label={m.userId} onClick={() => setPicked(m.userId)} /> },
            { key: 'how', header: 'Found by', text: (m) => `by ${m.how}` },
          ]}
          label="Players found"
          what="The search"
          emptyMessage="No player found."
          dataKey="userId"
        />
      ) : !p ? (
        shownProfile?.error ? (
          <div className="list-error" role="alert">
            <p>The player {chosen} could not be loaded: {shownProfile.error}</p>
            <Button type="button" label="Retry" icon="pi pi-refresh" size="small" onClick={() => readProfile(wanted!)} />
          </div>
        ) : (
          <p className="list-loading" role="status">
            Loading the player {chosen}…
          </p>
        )
      ) : (
        <article className="profile" data-testid="player-profile" aria-label={`Player ${p.userId}`}>
          <h2>
            <code>{p.userId}</code> <span className="hint">in {appName}</span>
            {p.player?.isTest && <span className="profile-test">test player</span>}
          </h2>
          <dl className="profile-facts">
            <dt>Installed</dt>
            <dd>{p.install ? `${formatDay(p.install.day)} · ${os(p.install.os)} · ${p.install.appVersion} · ${p.install.country}` : 'No install event'}</dd>
            <dt>Active</dt>
            <dd>{p.activity ? `${formatDay(p.activity.firstDay)} – ${formatDay(p.activity.lastDay)} · ${p.activity.activeDays} days` : 'No activity rolled up yet'}</dd>
            {p.activity && (
              <>
                <dt>Sessions</dt>
                <dd>
                  {formatCount(p.activity.sessions)} · {hours(p.activity.playSeconds)} played
                </dd>
                <dt>Revenue</dt>
                <dd>
                  {usd(p.activity.adRevenue)} from {formatCount(p.activity.adImpressions)} ad impressions · {usd(p.activity.iapRevenue)} from {p.activity.iapPurchases} purchases
                </dd>
                <dt>Versions</dt>
                <dd>{p.activity.versions.join(', ')}</dd>
                <dt>Countries</dt>
                <dd>{p.activity.countries.join(', ')}</dd>
              </>
            )}
            <dt>Level reached</dt>
            <dd>{p.levels.length ? p.levels.map((l) => `${l.level} (${l.mode})`).join(' · ') : '—'}</dd>
            <dt>SDK player</dt>
            <dd>
              {p.player ? (
                <>
                  since {formatDateTime(p.player.createdAt)}, last seen {formatDateTime(p.player.lastSeenAt)} · {p.player.devices.length} device{p.player.devices.length === 1 ? '' : 's'}: {p.player.devices.map((d) => `${d.deviceId} (${os(d.os)})`).join(', ')} · cloud save version {p.player.dataVersion}
                  {links.saveView && (
                    <>
                      {' '}
                      <a href={`/gsm/users/find_user_firebase/view?${new URLSearchParams({ appId: p.appId, userId: p.userId })}`}>View saved data</a>
                    </>
                  )}
                </>
              ) : (
                'This game does not use player sessions for them.'
              )}
            </dd>
          </dl>
          <h3>Latest purchases</h3>
          {p.purchases.length === 0 ? (
            <p className="hint">No purchase in the last year.</p>
          ) : (
            <ListTable list={rowsInHand(p.purchases)} columns={PURCHASE_COLUMNS} label="Latest purchases" emptyMessage="No purchase in the last year." />
          )}
          {links.history.length > 0 && (
            <>
              <h3>History logs</h3>
              <nav className="profile-links" aria-label="History logs of this player">
                {HISTORY_KINDS.filter((k) => links.history.includes(k.route)).map((k) => (
                  <a key={k.id} href={`${k.route}?${new URLSearchParams({ appId: p.appId, userId: p.userId, ...(p.activity ? { from: maxFrom(p.activity.firstDay, p.activity.lastDay), to: p.activity.lastDay } : {}) })}`}>
                    {k.noun.replace(/^./, (c) => c.toUpperCase())}
                  </a>
                ))}
              </nav>
            </>
          )}
        </article>
      )}
    </section>
  );
}

/** A log opened from the profile covers the player's active days, at most the last 366 of them. */
function maxFrom(first: string, last: string): string {
  const earliest = addDays(last, -365);
  return first > earliest ? first : earliest;
}
