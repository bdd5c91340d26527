import '../../lib/ui/prime';
import './tools.css';
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { toSearchParams } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { testerEndpointsContract } from '../../lib/openapi/contract';
import { ProblemText } from '../common/ProblemText';
import { messageOf } from '../../lib/error-message';
import { formatCount } from '../../lib/numbers';

type Endpoint = Awaited<ReturnType<typeof api<typeof testerEndpointsContract>>>['data'][number];
interface Sent {
  status: number;
  ms: number;
  body: string;
}

/**
 * Utils Test: the endpoints the signed-in account may call (the server's own access check), a JSON input
 * prefilled from each request schema, sent with this session's own cookie, and the status, time and answer.
 * It can do nothing the account could not do by hand.
 */
export default function ApiTester() {
  const [endpoints, setEndpoints] = useState<Endpoint[]>([]);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<Endpoint | null>(null);
  const [input, setInput] = useState('{}');
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => void api(testerEndpointsContract, {}).then((r) => setEndpoints(r.data), () => undefined), []);
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? endpoints.filter((e) => `${e.method} ${e.path}`.toLowerCase().includes(q)) : endpoints;
  }, [endpoints, filter]);
  const choose = (e: Endpoint) => {
    setChosen(e);
    setInput(JSON.stringify(e.example, null, 2));
    setSent(null);
    setError('');
  };
  const send = async () => {
    if (!chosen) return;
    setError('');
    let fields: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(input || '{}');
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('The input must be a JSON object of the request fields.');
      fields = { ...(parsed as Record<string, unknown>) };
    } catch (e) {
      setError(messageOf(e));
      return;
    }
    let url = chosen.path;
    for (const name of chosen.pathParams) {
      url = url.replace(`:${name}`, encodeURIComponent(String(fields[name] ?? '')));
      delete fields[name];
    }
    const hasBody = chosen.method === 'POST' || chosen.method === 'PUT';
    if (!hasBody) {
      const query = toSearchParams(fields).toString();
      if (query) url += `?${query}`;
    }
    setBusy(true);
    const started = performance.now();
    try {
      const response = await fetch(url, { method: chosen.method, credentials: 'same-origin', headers: hasBody ? { 'content-type': 'application/json' } : {}, body: hasBody ? JSON.stringify(fields) : undefined });
      const type = response.headers.get('content-type') ?? '';
      let body: string;
      if (type.includes('json')) body = JSON.stringify(await response.json(), null, 2);
      else if (type.startsWith('text/')) body = await response.text();
      else body = `(${type || 'binary'} answer, ${formatCount((await response.arrayBuffer()).byteLength)} bytes${response.headers.get('content-disposition') ? `: ${response.headers.get('content-disposition')}` : ''})`;
      setSent({ status: response.status, ms: Math.round(performance.now() - started), body: body.length > 300_000 ? `${body.slice(0, 300_000)}\n…` : body });
    } catch (e) {
      setError(`The request did not complete: ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card api-tester">
      <div className="api-tester-list">
        <InputText value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Filter endpoints" aria-label="Filter endpoints" />
        <p className="muted">
          {shown.length} of {endpoints.length} endpoints this account may call · <a href="/api/openapi.json">OpenAPI document</a>
        </p>
        <ul aria-label="Endpoints">
          {shown.map((e) => (
            <li key={e.id} className={chosen?.id === e.id ? 'chosen' : undefined}>
              <button type="button" aria-pressed={chosen?.id === e.id} onClick={() => choose(e)}>
                <span className={`method method-${e.method.toLowerCase()}`}>{e.method}</span> {e.path}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="api-tester-request">
        {!chosen ? (
          <p className="muted">Choose an endpoint to build a request.</p>
        ) : (
          <>
            <h2>
              <span className={`method method-${chosen.method.toLowerCase()}`}>{chosen.method}</span> {chosen.path}
            </h2>
            <p className="muted">
              Access: {chosen.access}. Sent as you, with your own session.{chosen.optional.length > 0 && <> Optional fields: {chosen.optional.join(', ')}.</>}
            </p>
            <label htmlFor="api-input">Request fields (JSON{chosen.pathParams.length ? `; ${chosen.pathParams.join(', ')} go in the path` : ''}{chosen.method === 'GET' || chosen.method === 'DELETE' ? ', the rest in the query' : ', the rest in the body'})</label>
            <InputTextarea id="api-input" value={input} onChange={(e) => setInput(e.target.value)} rows={10} className="tools-json-input" />
            <div className="toolbar">
              <Button label="Send" icon="pi pi-send" loading={busy} onClick={() => void send()} />
            </div>
            <ProblemText className="tools-error" text={error} />
            {sent && (
              <div className="api-tester-answer" aria-label="Answer">
                <p>
                  Status <strong data-testid="api-status">{sent.status}</strong> · <span data-testid="api-time">{sent.ms} ms</span>
                </p>
                <pre className="tools-json" data-testid="api-answer">{sent.body}</pre>
              </div>
            )}
            <details>
              <summary>Request schema</summary>
              <pre className="tools-json">{JSON.stringify(chosen.schema, null, 2)}</pre>
            </details>
          </>
        )}
      </div>
    </section>
  );
}
