import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { OS_NAMES, type OsCode } from '../../lib/platform';
import { createRequester } from '../../lib/http/requester';
import { LIVE_EVENTS_DAYS, LIVE_EVENTS_MAX, LIVE_POLL_MS, testEventsContract, type LiveEvent, type TestPlayer } from '../../lib/testing/contract';
import { formatDateTime } from '../../lib/time/format';
import { ScrollTable } from '../common/ScrollTable';
import '../../styles/data-table.css';
import { messageOf } from '../../lib/error-message';

/** Polling fails quietly (a toast every 3 s would bury the screen); the indicator says so instead. */
const quietApi = createRequester();

const seconds = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', hour12: false });
const paramsText = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');

type Status = { kind: 'live'; at: string } | { kind: 'paused' } | { kind: 'failed'; at: string | null; why: string } | { kind: 'starting' };

/**
 * The player's events as they arrive: asked for every few seconds while the tab is visible, newest first.
 * The indicator is honest: "live" only while the last poll succeeded, with its time; paused when the tester
 * pauses or the tab is hidden; the reason when a poll failed.
 */
export default function LiveEvents({ player, compact }: { player: TestPlayer; compact: boolean }) {
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'starting' });
  const [paused, setPaused] = useState(false);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  const known = useRef<Set<string> | null>(null);
  const lastOk = useRef<string | null>(null);

  useEffect(() => {
    if (paused) {
      setStatus({ kind: 'paused' });
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      if (stopped) return;
      if (document.visibilityState === 'hidden') {
        setStatus({ kind: 'paused' });
      } else {
        try {
          const { data } = await quietApi(testEventsContract, { appId: player.appId, userId: player.userId });
          if (stopped) return;
          const ids = new Set(data.events.map((e) => e.eventId));
          // Rows that were not there at the previous poll are highlighted (none on the first read).
          setFresh(known.current ? new Set([...ids].filter((id) => !known.current!.has(id))) : new Set());
          known.current = ids;
          setEvents(data.events);
          lastOk.current = data.readAt;
          setStatus({ kind: 'live', at: data.readAt });
        } catch (error) {
          if (!stopped) setStatus({ kind: 'failed', at: lastOk.current, why: messageOf(error) });
        }
      }
      timer = setTimeout(() => void poll(), LIVE_POLL_MS);
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        clearTimeout(timer);
        void poll();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [player.appId, player.userId, paused]);

  return (
    <section className="test-live" aria-labelledby="test-live-title">
      <header className="test-live-head">
        <h2 id="test-live-title">Events of this player</h2>
        <span className={`live-indicator ${status.kind}`} role="status" data-testid="live-status">
          {status.kind === 'live' && `Live · updated ${seconds(status.at)} (every ${LIVE_POLL_MS / 1000} s)`}
          {status.kind === 'starting' && 'Connecting…'}
          {status.kind === 'paused' && 'Paused'}
          {status.kind === 'failed' && `Not updating: ${status.why}${status.at ? ` · last update ${seconds(status.at)}` : ''}`}
        </span>
        <Button type="button" size="small" text label={paused ? 'Resume' : 'Pause'} icon={paused ? 'pi pi-play' : 'pi pi-pause'} onClick={() => setPaused(!paused)} />
      </header>
      {events.length === 0 ? (
        <p className="hint">
          No event from this player in the last {LIVE_EVENTS_DAYS} days yet{compact ? ': send one above.' : '.'}
        </p>
      ) : (
        <>
          <ScrollTable label="Events of this player, newest first" className="data-table test-live-table" headers={['Time (UTC+7)', 'Event', 'Fields', 'Version', 'OS', 'Country']}>
            {events.map((e) => (
              <tr key={e.eventId} className={fresh.has(e.eventId) ? 'fresh' : undefined}>
                <td className="date-time" title={`received ${formatDateTime(e.receivedAt)}`}>
                  {formatDateTime(e.time)}:{seconds(e.time).slice(-2)}
                </td>
                <td>
                  <code>{e.name}</code>
                </td>
                <td className="test-params">{paramsText(e.params) || '—'}</td>
                <td>{e.appVersion}</td>
                <td>{OS_NAMES[e.os as OsCode] ?? e.os}</td>
                <td>{e.country}</td>
              </tr>
            ))}
          </ScrollTable>
          {events.length === LIVE_EVENTS_MAX && <p className="hint">The latest {LIVE_EVENTS_MAX} events; the history logs hold the rest.</p>}
        </>
      )}
    </section>
  );
}
