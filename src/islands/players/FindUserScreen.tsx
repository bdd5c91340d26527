import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { AppScope } from '../../lib/apps/store';
import { useLinkedApp } from '../../lib/apps/use-linked-app';
import { OS_NAMES, type OsCode } from '../../lib/platform';
import { HISTORY_KINDS } from '../../lib/history/kinds';
import { api } from '../../lib/http/client';
import { FIND_BY, FIND_BY_LABELS, findPlayerContract, playerProfileContract, type PlayerProfile } from '../../lib/players/staff-contract';
import { formatDateTime, formatDay } from '../../lib/time/format';
import { formatUsdMicros } from '../../lib/reports/columns';
import Field from '../../lib/ui/filters/Field';
import PlayerLookup from './PlayerLookup';
import '../../styles/data-table.css';
import '../../styles/players.css';
import { addDays } from '../../lib/time/day';
import { formatCount } from '../../lib/numbers';

type By = (typeof FIND_BY)[number];
export interface FindUserProps {
  account: AppScope;
  /** The search the page was opened with, and what the server found for it. */
  search: { appId: string; by: By; q: string };
  initial: { matches: { userId: string; how: string }[]; profile: PlayerProfile | null } | null;
  /** Links to the history logs and the save viewer, for accounts that may open them. */
  links: { history: string[]; saveView: boolean };
}

const usd = (micros: number) => formatUsdMicros(micros);
const hours = (seconds: number) => `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
const os = (code: number) => OS_NAMES[code as OsCode] ?? String(code);

/** Find a player by user id, device id or IAP transaction id, and see everything the console knows of them. */
export default function FindUserScreen({ account, search, initial, links }: FindUserProps) {
  const [by, setBy] = useState<By>(search.by);
  const [q, setQ] = useState(search.q);
  const [result, setResult] = useState(initial);
  const [busy, setBusy] = useState(false);
  const { appId, appName } = useLinkedApp(search.appId);

  async function open(userId: string, matches: { userId: string; how: string }[]) {
    const { data } = await api(playerProfileContract, { appId, userId });
    setResult({ matches, profile: data });
    const url = new URL(location.href);
    url.search = new URLSearchParams({ appId, by, q }).toString();
    history.replaceState(history.state, '', url);
  }

  async function find() {
    if (!appId || !q.trim()) return;
    setBusy(true);
    try {
      const { data } = await api(findPlayerContract, { appId, by, q: q.trim() });
      if (data.matches.length === 1) await open(data.matches[0]!.userId, data.matches);
      else setResult({ matches: data.matches, profile: null });
    } catch {
      // The shared client already said why.
    } finally {
      setBusy(false);
    }
  }

  const p = result?.profile;
  return (
    <section className="card find-user" aria-busy={busy}>
      <PlayerLookup label="Find a player" account={account} onSubmit={() => void find()} submit={{ label: 'Find', icon: 'pi pi-search', busy, disabled: !appId || !q.trim() }}>
        <Field label="Find by">
          <Dropdown value={by} options={FIND_BY.map((value) => ({ value, label: FIND_BY_LABELS[value] }))} onChange={(e) => setBy(e.value)} inputId="find-by" aria-label="Find by" />
        </Field>
        <Field label={FIND_BY_LABELS[by]}>
          <InputText value={q} onChange={(e) => setQ(e.target.value)} aria-label={FIND_BY_LABELS[by]} className="history-user" spellCheck={false} />
        </Field>
      </PlayerLookup>

      {!result ? (
        <p className="history-empty">Choose an app and enter a user id, a device id or a purchase&apos;s transaction id.</p>
      ) : result.matches.length === 0 ? (
        <p className="history-empty" data-testid="find-none">
          No player of {appName} has the {FIND_BY_LABELS[by].toLowerCase()} {q}.
        </p>
      ) : !p ? (
        <ul className="find-matches">
          {result.matches.map((m) => (
            <li key={m.userId}>
              <Button type="button" link label={m.userId} onClick={() => void open(m.userId, result.matches)} /> <span className="hint">by {m.how}</span>
            </li>
          ))}
        </ul>
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
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Time (UTC+7)</th>
                    <th scope="col">Product</th>
                    <th scope="col" className="num">
                      Revenue (USD)
                    </th>
                    <th scope="col">Transaction id</th>
                    <th scope="col">Store</th>
                  </tr>
                </thead>
                <tbody>
                  {p.purchases.map((row) => (
                    <tr key={row.transactionId + row.time}>
                      <td className="date-time">{formatDateTime(row.time)}</td>
                      <td>{row.productId}</td>
                      <td className="num">{usd(row.revenueUsdMicros)}</td>
                      <td>
                        <code>{row.transactionId}</code>
                      </td>
                      <td>{row.store}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
