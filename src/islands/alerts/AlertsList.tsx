import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/http/client';
import { serverMessageOf } from '../../lib/http/requester';
import { acknowledgeAlertsContract, listAlertsContract, type AlertItem } from '../../lib/alerts/contract';
import { $alertCount, refreshAlertCount } from '../../lib/alerts/store';
import { formatDateTime } from '../../lib/time/format';

const STATUS_LABEL = { pending: 'waiting to retry', sending: 'sending', sent: 'sent', failed: 'failed' } as const;
const when = (iso: string) => formatDateTime(iso);

/** The revenue alerts of the apps this account may see: figures, the report, deliveries, and acknowledgement (per account). */
export default function AlertsList() {
  const [rows, setRows] = useState<AlertItem[] | null>(null);
  const [total, setTotal] = useState(0);
  const [onlyNew, setOnlyNew] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await api(listAlertsContract, { page: 1, limit: 200, unacknowledged: onlyNew ? 'true' : undefined });
      setRows(answer.data);
      setTotal(answer.totalRecord ?? answer.data.length);
      setError(null);
    } catch (failure) {
      setError(serverMessageOf(failure));
    }
  }, [onlyNew]);
  useEffect(() => void load(), [load]);

  async function acknowledge(input: { ids: number[] } | { all: true }) {
    try {
      await api(acknowledgeAlertsContract, input);
      await Promise.all([load(), refreshAlertCount()]);
    } catch (failure) {
      setError(serverMessageOf(failure));
    }
  }

  const unacknowledged = rows?.filter((r) => !r.acknowledged).length ?? 0;
  return (
    <section className="card alerts-list" data-testid="alerts-list">
      <div className="alerts-toolbar">
        <p className="alerts-intro">
          Fired by the rules of <a href="/adminAccount/config_data/alert_iaa">Config Data › Alert IAA</a> when an app's ad revenue of a day drops past
          the rule's threshold, and "back to normal" when it recovers. Acknowledging is yours only: others still see it as new.
        </p>
        <label className="alerts-filter">
          <input type="checkbox" checked={onlyNew} onChange={(e) => setOnlyNew(e.target.checked)} /> Only not acknowledged
        </label>
        <button type="button" className="p-button p-button-sm" disabled={!unacknowledged} onClick={() => void acknowledge({ all: true })}>
          Acknowledge all
        </button>
      </div>
      {error && <p role="alert" className="alerts-error">{error}</p>}
      {rows === null ? (
        <p>Loading…</p>
      ) : rows.length === 0 ? (
        <p className="alerts-empty">{onlyNew ? 'Nothing new: every alert is acknowledged.' : 'No revenue alert has fired for the apps you can see.'}</p>
      ) : (
        <ul className="alerts-items">
          {rows.map((a) => (
            <li key={a.id} className={`alert-item alert-${a.kind}${a.acknowledged ? ' alert-acknowledged' : ''}`} data-testid={`alert-${a.id}`}>
              <div className="alert-head">
                <i className={`pi ${a.kind === 'fired' ? 'pi-arrow-down-right' : 'pi-check-circle'}`} aria-hidden="true" />
                <strong>{a.title}</strong>
                {!a.acknowledged && <span className="alert-new">new</span>}
              </div>
              <p className="alert-sentence">{a.sentence}</p>
              <p className="alert-meta">
                {when(a.createdAt)} · <a href={a.link}>Open the report</a>
                {a.deliveries.map((d) => (
                  <span key={d.channel} className={`alert-delivery delivery-${d.status}`} title={d.lastError ?? undefined}>
                    {' · '}
                    {d.channel === 'email' ? 'E-mail' : 'Webhook'} {d.target}: {STATUS_LABEL[d.status]}
                    {d.attempts > 1 || d.status !== 'sent' ? ` (${d.attempts} attempt${d.attempts === 1 ? '' : 's'})` : ''}
                    {d.lastError && d.status !== 'sent' ? ` — ${d.lastError}` : ''}
                  </span>
                ))}
              </p>
              {!a.acknowledged && (
                <button type="button" className="p-button p-button-sm p-button-outlined" onClick={() => void acknowledge({ ids: [a.id] })} aria-label={`Acknowledge ${a.title}`}>
                  Acknowledge
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="alerts-total">{total} alert{total === 1 ? '' : 's'}{$alertCount.get() ? ` · ${$alertCount.get()} not acknowledged` : ''}</p>
    </section>
  );
}
