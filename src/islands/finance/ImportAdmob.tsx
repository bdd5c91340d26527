import '../../lib/ui/prime';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { api } from '../../lib/http/client';
import {
  ADMOB_STORAGE, getAdmobRevenueContract, googleTokenContract, googleUrlContract, MAX_ADMOB_DAYS, updateAdmobContract, type AdmobAccount, type AdmobPreview,
} from '../../lib/finance/admob-contract';
import { OS_LABELS } from '../../lib/finance/model';
import { formatUsdMicros } from '../../lib/numbers';
import { formatDay } from '../../lib/time/format';
import { showToast } from '../../lib/ui/toast-store';
import { ImportHistory, useImportHistory } from './ImportParts';
import './finance.css';
import { DayPicker } from '../common/DayPicker';
import { ScrollTable } from '../common/ScrollTable';
import { ProblemText } from '../common/ProblemText';
import { messageOf } from '../../lib/error-message';
import { formatCount } from '../../lib/numbers';

interface Filter {
  from: string;
  to: string;
}
interface StoredCode {
  code: string;
  scope: string;
  state: string;
}

const read = <T,>(key: string): T | null => {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
};

/**
 * Import AdMob: connect a Google account (consent at Google, back here with ?code&scope), pick a range,
 * preview the network report mapped to the console's apps, import it, and see the import history.
 * Per the spec, the code and the chosen filter wait in localStorage across the round trip to Google and are
 * cleared once the code is traded; a redirect without both code and scope is ignored.
 */
export default function ImportAdmob({ defaultFrom, defaultTo }: { defaultFrom: string; defaultTo: string }) {
  const [filter, setFilter] = useState<Filter>({ from: defaultFrom, to: defaultTo });
  const [accounts, setAccounts] = useState<AdmobAccount[] | null>(null);
  const [consentUrl, setConsentUrl] = useState('');
  const [preview, setPreview] = useState<AdmobPreview | null>(null);
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  /** Why AdMob cannot be connected on this server (no OAuth client set up), shown next to the button. */
  const [setupProblem, setSetupProblem] = useState('');

  const history = useImportHistory('admob');

  useEffect(() => {
    void (async () => {
      try {
        const query = new URLSearchParams(window.location.search);
        // Only code and scope together are Google's answer; the query is kept out of the address bar afterwards.
        if (query.has('code') && query.has('scope')) {
          localStorage.setItem(ADMOB_STORAGE.code, JSON.stringify({ code: query.get('code'), scope: query.get('scope'), state: query.get('state') ?? '' }));
        } else if (query.has('code') || query.has('error')) {
          setError(query.get('error') ? `Google answered: ${query.get('error')}. AdMob was not connected.` : 'Google\'s answer has no scope: it was ignored. Connect again.');
        }
        if (query.has('code') || query.has('scope') || query.has('error')) window.history.replaceState(null, '', window.location.pathname);
        const saved = read<Filter>(ADMOB_STORAGE.filter);
        if (saved?.from && saved.to) setFilter(saved);
        const stored = read<StoredCode>(ADMOB_STORAGE.code);
        if (stored?.code && stored.scope) {
          setBusy('connect');
          try {
            const { data } = await api(googleTokenContract, stored);
            setAccounts(data.accounts);
            showToast('success', `AdMob connected: ${data.accounts.map((a) => a.publisherId).join(', ')}`);
          } catch (e) {
            setError(messageOf(e));
          } finally {
            // Used or refused, a code is good once: both keys go.
            localStorage.removeItem(ADMOB_STORAGE.code);
            localStorage.removeItem(ADMOB_STORAGE.filter);
            setBusy('');
          }
        }
        try {
          const { data } = await api(googleUrlContract, {});
          setConsentUrl(data.url);
          setAccounts(data.accounts);
        } catch (e) {
          setAccounts([]);
          setSetupProblem(messageOf(e));
        }
      } catch (e) {
        setError(messageOf(e));
      }
    })();
  }, []);

  const connect = () => {
    localStorage.setItem(ADMOB_STORAGE.filter, JSON.stringify(filter));
    window.location.assign(consentUrl);
  };

  const run = async (what: 'preview' | 'import') => {
    setBusy(what);
    setError('');
    try {
      if (what === 'preview') setPreview((await api(getAdmobRevenueContract, filter)).data);
      else {
        const { data } = await api(updateAdmobContract, filter);
        showToast('success', `Imported AdMob revenue: ${data.summary}`);
        await history.reload();
      }
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy('');
    }
  };

  const connected = (accounts?.length ?? 0) > 0;
  const setDay = (key: keyof Filter, day: string) => (setFilter({ ...filter, [key]: day }), setPreview(null));
  return (
    <section className="card finance-import">
      <p className="muted">
        AdMob's network report (estimated earnings and impressions per day, app and platform) becomes ad revenue of network AdMob. AdMob apps map to
        console apps through the store app linked in AdMob (package name or App Store id). Importing a range again replaces its AdMob figures.
      </p>
      <div className="toolbar">
        <Button label={connected ? 'Connect another Google account' : 'Connect AdMob'} icon="pi pi-google" outlined={connected} disabled={!consentUrl || busy !== ''} onClick={connect} />
        <span className="muted status" aria-live="polite">
          {accounts === null
            ? 'Loading…'
            : connected
              ? `Connected: ${accounts.map((a) => `${a.publisherId} (by ${a.connectedBy}, ${a.connectedAt})`).join('; ')}`
              : setupProblem || 'Not connected yet.'}
        </span>
      </div>
      <div className="toolbar">
        <label className="field">
          <span>From</span>
          <DayPicker value={filter.from} onChange={(day) => setDay('from', day)} />
        </label>
        <label className="field">
          <span>To</span>
          <DayPicker value={filter.to} onChange={(day) => setDay('to', day)} />
        </label>
        <Button label="Preview" icon="pi pi-eye" outlined disabled={!connected || busy !== ''} loading={busy === 'preview'} onClick={() => void run('preview')} />
        <Button label="Import" icon="pi pi-upload" disabled={!preview || busy !== ''} loading={busy === 'import'} onClick={() => void run('import')} />
        <span className="muted">At most {MAX_ADMOB_DAYS} days.</span>
      </div>
      <ProblemText className="import-error" text={error} />
      {preview && (
        <div className="import-preview" aria-live="polite">
          <p>
            {formatDay(preview.from)} – {formatDay(preview.to)} · {preview.rows.length} row(s) · {formatUsdMicros(preview.totalMicros)} · {formatCount(preview.impressions)} impressions
          </p>
          <ScrollTable label="AdMob revenue preview" className="finance-table" headers={['Day', 'App', 'OS', 'AdMob app', 'Earnings', 'Impressions']}>
            {preview.rows.map((r) => (
              <tr key={`${r.day}|${r.admobAppId}`}>
                <td>{formatDay(r.day)}</td>
                <td>{r.appName}</td>
                <td>{OS_LABELS[r.os] ?? r.os}</td>
                <td>{r.admobAppName}</td>
                <td>{formatUsdMicros(r.earningsMicros)}</td>
                <td>{formatCount(r.impressions)}</td>
              </tr>
            ))}
          </ScrollTable>
          {preview.unmapped.length > 0 && (
            <>
              <p className="import-error">{preview.unmapped.length} AdMob app(s) are not imported:</p>
              <ul>
                {preview.unmapped.map((u) => (
                  <li key={u.admobAppId}>
                    {u.admobAppName} ({u.platform}, {formatUsdMicros(u.earningsMicros)}): {u.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <ImportHistory list={history} what="AdMob" />
    </section>
  );
}
