import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { EVENT_NAMES, type EventName, type Field as ParamSpec } from '../../lib/analytics/events';
import { OS_NAMES, type OsCode } from '../../lib/platform';
import { HISTORY_KINDS } from '../../lib/history/kinds';
import { api } from '../../lib/http/client';
import { splitFieldMessages } from '../../lib/http/issues';
import { RECEIPT_MAX, testSendAdImpressionContract, testSendEventContract, testSendPurchaseContract, type TestPlayer } from '../../lib/testing/contract';
import { APP_VERSION, COUNTRY, paramErrors, paramFields } from '../../lib/testing/event-schema';
import { showToast } from '../../lib/ui/toast-store';
import { ProblemText } from '../common/ProblemText';
import { submitWith } from '../../lib/ui/form-submit';
import { serverMessageOf } from '../../lib/http/requester';

export type EventFormKind = 'adImpression' | 'purchase' | 'any';

const STORE_OF_OS: Record<number, string> = { 1: 'google_play', 2: 'app_store', 3: 'web' };
const token = () => Math.random().toString(36).slice(2, 12);

/** What a field starts with, so a tester can send at once and change only what the test is about. */
function defaults(name: EventName, os: number): Record<string, string> {
  if (name === 'ad_impression') return { format: 'rewarded', network: 'admob', placement: 'test_placement', revenueUsdMicros: '10000' };
  if (name === 'iap_purchase') return { productId: 'test_product', priceMicros: '990000', currency: 'USD', revenueUsdMicros: '990000', transactionId: `test-${token()}`, store: STORE_OF_OS[os] ?? 'other' };
  return {};
}
const sampleReceipt = (os: number) =>
  os === 2 ? JSON.stringify({ signedTransaction: `test.${token()}.jws` }) : JSON.stringify({ purchaseToken: `test-token-${token()}`, packageName: 'test' });

/** The form's text back into the typed payload the schema checks (empty = left out). */
function toParams(name: EventName, values: Record<string, string>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const { key, field } of paramFields(name)) {
    const raw = (values[key] ?? '').trim();
    if (raw === '') continue;
    params[key] = field.type === 'int' || field.type === 'number' ? (Number.isNaN(Number(raw)) ? raw : Number(raw)) : raw;
  }
  return params;
}

function hintOf(field: ParamSpec): string | undefined {
  if (field.type === 'int' && field.unit === 'micros') return 'micros: 1 USD = 1000000';
  if (field.type === 'int' && field.unit) return field.unit;
  if (field.type === 'text' && field.hint) return field.hint.replace(/^must be /, '');
  return undefined;
}

/** The history log that shows an event of this name (and level mode), when the account may open it. */
function logOf(name: string, params: Record<string, unknown>, routes: string[]) {
  return HISTORY_KINDS.find((k) => (k.names as readonly string[]).includes(name) && (!('mode' in k) || k.mode === (params.mode ?? 'main')) && routes.includes(k.route));
}

/**
 * Sends one event as the test player: an ad impression (type 2), a purchase with a test receipt (type 3) or
 * any event of the SDK vocabulary (type 4). Its fields come from the event's schema; they are checked here
 * before sending, and what the server refuses is shown under the field it names.
 */
export default function EventForm({ kind, player, platforms, historyRoutes }: { kind: EventFormKind; player: TestPlayer; platforms: number[]; historyRoutes: string[] }) {
  const firstOs = player.devices.find((d) => platforms.includes(d.os))?.os ?? platforms[0]!;
  const [name, setName] = useState<EventName>(kind === 'adImpression' ? 'ad_impression' : kind === 'purchase' ? 'iap_purchase' : 'level_complete');
  const [os, setOs] = useState(firstOs);
  const [appVersion, setAppVersion] = useState('1.0.0');
  const [country, setCountry] = useState('VN');
  const [values, setValues] = useState<Record<string, string>>(() => defaults(name, firstOs));
  const [receipt, setReceipt] = useState(() => sampleReceipt(firstOs));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [foot, setFoot] = useState('');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ name: string; eventId: string; params: Record<string, unknown>; verification?: string } | null>(null);
  const fields = paramFields(name);

  function pickName(next: EventName) {
    setName(next);
    setValues(defaults(next, os));
    setErrors({});
  }

  function check(params: Record<string, unknown>): Record<string, string> {
    const found = paramErrors(name, params);
    const version = APP_VERSION.safeParse(appVersion);
    if (!version.success) found.appVersion = version.error.issues[0]!.message;
    const place = COUNTRY.safeParse(country.trim());
    if (!place.success) found.country = place.error.issues[0]!.message;
    if (kind === 'purchase' && !receipt.trim()) found.receipt = 'paste the test receipt the store gave';
    if (kind === 'purchase' && receipt.length > RECEIPT_MAX) found.receipt = `must be at most ${RECEIPT_MAX} characters`;
    return found;
  }

  async function send() {
    const params = toParams(name, values);
    const found = check(params);
    setErrors(found);
    setFoot('');
    if (Object.keys(found).length) return;
    setBusy(true);
    const base = { appId: player.appId, userId: player.userId, os, appVersion: appVersion.trim(), country: country.trim(), params };
    try {
      const answer =
        kind === 'adImpression'
          ? (await api(testSendAdImpressionContract, base)).data
          : kind === 'purchase'
            ? (await api(testSendPurchaseContract, { ...base, receipt })).data
            : (await api(testSendEventContract, { ...base, name })).data;
      setLast({ name: answer.name, eventId: answer.eventId, params, verification: 'verification' in answer ? String(answer.verification) : undefined });
      showToast('success', `Sent ${answer.name}`);
      if (kind === 'purchase') {
        setValues((v) => ({ ...v, transactionId: `test-${token()}` }));
        setReceipt(sampleReceipt(os));
      }
    } catch (error) {
      const keys = ['appVersion', 'country', 'os', 'receipt', 'userId', ...fields.map((f) => `params.${f.key}`)];
      const { byField, rest } = splitFieldMessages(serverMessageOf(error), keys);
      setErrors(byField);
      setFoot(rest);
    } finally {
      setBusy(false);
    }
  }

  const problem = (key: string) =>
    errors[key] ? (
      <small className="field-problem" id={`test-${key}-problem`} role="alert">
        {errors[key]}
      </small>
    ) : null;
  const invalid = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `test-${key}-problem`, className: 'p-invalid' } : {});
  const log = last ? logOf(last.name, last.params, historyRoutes) : undefined;
  const title = kind === 'adImpression' ? 'Send an ad impression' : kind === 'purchase' ? 'Send a purchase with a test receipt' : 'Compose an SDK event';

  return (
    <form
      className="test-form"
      aria-label={title}
      noValidate
      onSubmit={submitWith(send)}
    >
      <h2>{title}</h2>
      <div className="test-grid">
        {kind === 'any' && (
          <div className="test-field">
            <label htmlFor="test-event-name">Event</label>
            <Dropdown inputId="test-event-name" value={name} options={EVENT_NAMES.map((n) => ({ value: n, label: n }))} onChange={(e) => pickName(e.value)} filter />
          </div>
        )}
        <div className="test-field">
          <label htmlFor="test-os">Platform</label>
          <Dropdown inputId="test-os" value={os} options={platforms.map((value) => ({ value, label: OS_NAMES[value as OsCode] ?? String(value) }))} onChange={(e) => setOs(e.value)} {...invalid('os')} />
          {problem('os')}
        </div>
        <div className="test-field">
          <label htmlFor="test-appVersion">App version</label>
          <InputText id="test-appVersion" value={appVersion} onChange={(e) => setAppVersion(e.target.value)} {...invalid('appVersion')} />
          {problem('appVersion')}
        </div>
        <div className="test-field">
          <label htmlFor="test-country">Country</label>
          <InputText id="test-country" value={country} maxLength={2} onChange={(e) => setCountry(e.target.value)} {...invalid('country')} />
          {problem('country')}
        </div>
        {fields.map(({ key, field, required }) => {
          const id = `test-params.${key}`;
          const value = values[key] ?? '';
          const set = (v: string) => setValues((prev) => ({ ...prev, [key]: v }));
          const hint = hintOf(field);
          return (
            <div className="test-field" key={`${name}-${key}`}>
              <label htmlFor={id}>
                {key}
                {!required && <span className="hint"> (optional)</span>}
              </label>
              {field.type === 'enum' ? (
                <Dropdown
                  inputId={id}
                  value={value || null}
                  options={[...(required ? [] : [{ value: '', label: '(left out)' }]), ...field.values.map((v) => ({ value: v, label: v }))]}
                  onChange={(e) => set(e.value ?? '')}
                  placeholder="Choose"
                  {...invalid(`params.${key}`)}
                />
              ) : (
                <InputText id={id} value={value} inputMode={field.type === 'text' ? undefined : 'decimal'} onChange={(e) => set(e.target.value)} {...invalid(`params.${key}`)} />
              )}
              {hint && <small className="hint">{hint}</small>}
              {problem(`params.${key}`)}
            </div>
          );
        })}
        {fields.length === 0 && <p className="hint test-field">This event has no payload fields.</p>}
      </div>
      {kind === 'purchase' && (
        <div className="test-field test-receipt">
          <label htmlFor="test-receipt">Test receipt</label>
          <InputTextarea id="test-receipt" rows={3} value={receipt} onChange={(e) => setReceipt(e.target.value)} {...invalid('receipt')} />
          <small className="hint">The purchase token (Google Play) or signed transaction (App Store) of a sandbox purchase.</small>
          {problem('receipt')}
        </div>
      )}
      <ProblemText className="field-problem" text={foot} />
      <div className="test-actions">
        <Button type="submit" label={kind === 'purchase' ? 'Send purchase' : kind === 'adImpression' ? 'Send ad impression' : 'Send event'} icon="pi pi-send" loading={busy} disabled={!player.isTest} />
        {last && (
          <span className="test-sent" role="status">
            Sent <code>{last.name}</code> ({last.eventId.slice(0, 8)}…){last.verification ? ` · ${last.verification}` : ''}
            {log && (
              <>
                {' · '}
                <a href={`${log.route}?${new URLSearchParams({ appId: player.appId, userId: player.userId })}`}>Open in the {log.noun} log</a>
              </>
            )}
          </span>
        )}
      </div>
    </form>
  );
}
