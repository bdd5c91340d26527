import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { configContracts, type ConfigItem } from '../../lib/config-data/contract';
import type { ConfigKind } from '../../lib/config-data/kinds';
import { api } from '../../lib/http/client';
import { formatDateTime } from '../../lib/time/format';
import { DeleteButton } from '../../lib/ui/DeleteButton';
import { showToast } from '../../lib/ui/toast-store';
import { useDebounced } from '../../lib/ui/use-debounced';

type FieldType = 'text' | 'number' | 'select' | 'bool' | 'params' | 'list' | 'textarea';
interface Field {
  name: string;
  label: string;
  type: FieldType;
  options?: string[];
  placeholder?: string;
  /** Only asked when creating (secrets are never shown back). */
  createOnly?: boolean;
}

/** How each kind is edited; the server validates the same fields with the kind's zod schema. */
const FORMS: Record<ConfigKind, Field[]> = {
  iap_config: [
    { name: 'productId', label: 'Product id', type: 'text' },
    { name: 'type', label: 'Type', type: 'select', options: ['consumable', 'non-consumable', 'subscription'] },
    { name: 'price', label: 'Price', type: 'text', placeholder: '4.99' },
    { name: 'currency', label: 'Currency', type: 'text', placeholder: 'USD' },
    { name: 'reward', label: 'Reward', type: 'text', placeholder: '100 coins' },
  ],
  tracking_config: [
    { name: 'eventName', label: 'Event name', type: 'text' },
    { name: 'parameters', label: 'Parameters', type: 'params' },
    { name: 'enabled', label: 'Enabled', type: 'bool' },
  ],
  event: [
    { name: 'name', label: 'Name', type: 'text' },
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'parameters', label: 'Parameters', type: 'params' },
  ],
  ga_service_account: [
    { name: 'label', label: 'Label', type: 'text' },
    { name: 'serviceAccountJson', label: 'Key file (JSON)', type: 'textarea', placeholder: 'Paste the service account key file; leave empty to keep the stored key', createOnly: false },
  ],
  alert_iaa: [
    { name: 'name', label: 'Rule name', type: 'text' },
    { name: 'comparedTo', label: 'Compared to', type: 'select', options: ['previous_day', 'same_day_last_week', 'average_7_days'] },
    { name: 'dropPercent', label: 'Drop % to alert', type: 'number' },
    { name: 'minRevenueUsd', label: 'Minimum revenue (USD)', type: 'number' },
    { name: 'recipients', label: 'Recipients', type: 'list', placeholder: 'usernames or e-mails, comma separated' },
    { name: 'enabled', label: 'Enabled', type: 'bool' },
  ],
};

const DEFAULTS: Record<ConfigKind, Record<string, unknown>> = {
  iap_config: { type: 'consumable', currency: 'USD' },
  tracking_config: { parameters: [], enabled: true },
  event: { parameters: [] },
  ga_service_account: {},
  alert_iaa: { comparedTo: 'previous_day', dropPercent: 30, minRevenueUsd: 0, recipients: [], enabled: true },
};

interface Props {
  kind: ConfigKind;
  title: string;
  scopeMode: 'app' | 'none' | 'app-or-team';
  columns: string[];
  apps: { id: string; name: string }[];
  teams: string[];
  canEdit: boolean;
}

const show = (v: unknown): string =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x ? `${(x as { name: string }).name}:${(x as { type: string }).type}` : String(x))).join(', ') : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v ?? '');

/** One screen for every configuration kind: list by scope, search, create, edit and delete. */
export default function ConfigScreen(props: Props) {
  const { kind, scopeMode, apps, teams, canEdit } = props;
  const scopes =
    scopeMode === 'app'
      ? apps.map((a) => ({ label: a.name, value: a.id }))
      : scopeMode === 'app-or-team'
        ? [...teams.map((t) => ({ label: `Team: ${t}`, value: `team:${t}` })), ...apps.map((a) => ({ label: `App: ${a.name}`, value: `app:${a.id}` }))]
        : [];
  const [scope, setScope] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [items, setItems] = useState<ConfigItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<ConfigItem | 'new' | null>(null);
  const textSearch = useDebounced(text);
  const contracts = configContracts[kind];

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setItems((await api(contracts.list, { scope: scope ?? undefined, textSearch: textSearch || undefined })).data);
    } finally {
      setLoading(false);
    }
  }, [contracts, scope, textSearch]);
  useEffect(() => void load().catch(() => undefined), [load]);
  const scopeLabel = (value: string) => scopes.find((s) => s.value === value)?.label ?? value;

  return (
    <section className="card">
      <div className="toolbar">
        {scopeMode !== 'none' && <Dropdown value={scope} options={scopes} onChange={(e) => setScope(e.value)} placeholder={scopeMode === 'app' ? 'All apps' : 'All apps and teams'} showClear filter aria-label="Filter by scope" />}
        <InputText type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search" aria-label="Search" />
        <span className="toolbar-spacer" />
        {canEdit && <Button label="Add" icon="pi pi-plus" onClick={() => setEditing('new')} />}
      </div>
      <DataTable value={items} dataKey="id" loading={loading} size="small" emptyMessage={`No ${props.title} yet.`} paginator rows={20}>
        {scopeMode !== 'none' && <Column header={scopeMode === 'app' ? 'App' : 'Scope'} body={(i: ConfigItem) => scopeLabel(i.scope)} />}
        {props.columns.map((c) => (
          <Column key={c} header={c} body={(i: ConfigItem) => show(i.data[c])} />
        ))}
        <Column header="Updated (UTC+7)" body={(i: ConfigItem) => `${formatDateTime(i.updatedAt)} · ${i.updatedBy}`} />
        {canEdit && (
          <Column
            header="Actions"
            body={(i: ConfigItem) => (
              <div className="row-actions">
                <Button icon="pi pi-pencil" text rounded aria-label={`Edit ${i.key}`} onClick={() => setEditing(i)} />
                <DeleteButton
                  what={i.key}
                  message={`Delete ${i.key}?`}
                  onConfirm={async () => {
                    await api(contracts.remove, { id: i.id });
                    showToast('success', 'Deleted');
                    await load();
                  }}
                />
              </div>
            )}
          />
        )}
      </DataTable>
      <ConfirmDialog />
      {editing && (
        <ItemDialog
          kind={kind}
          item={editing === 'new' ? null : editing}
          scopes={scopes}
          scopeMode={scopeMode}
          defaultScope={scope}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            showToast('success', 'update successfully !');
            await load();
          }}
        />
      )}
    </section>
  );
}

function ItemDialog(props: {
  kind: ConfigKind;
  item: ConfigItem | null;
  scopes: { label: string; value: string }[];
  scopeMode: Props['scopeMode'];
  defaultScope: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { kind, item } = props;
  const [scope, setScope] = useState<string>(item?.scope ?? props.defaultScope ?? '');
  const [data, setData] = useState<Record<string, unknown>>(() => {
    const base = { ...DEFAULTS[kind], ...(item?.data ?? {}) };
    delete base.priceMicros;
    if (kind === 'ga_service_account') return { label: base.label ?? '' };
    return base;
  });
  const [problem, setProblem] = useState('');
  const set = (name: string, value: unknown) => setData((d) => ({ ...d, [name]: value }));

  const save = async () => {
    try {
      const payload = { ...data };
      if (kind === 'ga_service_account' && !payload.serviceAccountJson) delete payload.serviceAccountJson;
      await api(configContracts[kind].save, { id: item?.id, scope, data: payload as never });
      props.onSaved();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <Dialog header={item ? `Edit ${item.key}` : 'Add'} visible onHide={props.onClose} style={{ width: 'min(640px, 95vw)' }}>
      <div className="form-grid">
        {props.scopeMode !== 'none' && (
          <>
            <label htmlFor="cfg-scope">{props.scopeMode === 'app' ? 'App' : 'Scope'}</label>
            <Dropdown inputId="cfg-scope" value={scope} options={props.scopes} onChange={(e) => setScope(e.value)} filter placeholder="Choose" />
          </>
        )}
        {FORMS[kind].map((field) => (
          <FieldInput key={field.name} field={field} value={data[field.name]} onChange={(v) => set(field.name, v)} />
        ))}
      </div>
      {problem && <p className="form-problem" role="alert">{problem}</p>}
      <div className="dialog-actions">
        <Button label="Cancel" text onClick={props.onClose} />
        <Button label="Save" icon="pi pi-check" onClick={save} />
      </div>
    </Dialog>
  );
}

function FieldInput({ field, value, onChange }: { field: Field; value: unknown; onChange: (v: unknown) => void }) {
  const id = `cfg-${field.name}`;
  const label = <label htmlFor={id}>{field.label}</label>;
  switch (field.type) {
    case 'select':
      return (<>{label}<Dropdown inputId={id} value={value} options={field.options} onChange={(e) => onChange(e.value)} /></>);
    case 'number':
      return (<>{label}<InputText id={id} inputMode="decimal" value={String(value ?? '')} onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value.replace(/,/g, '')))} /></>);
    case 'bool':
      return (<>{label}<div><Checkbox inputId={id} checked={Boolean(value)} onChange={(e) => onChange(Boolean(e.checked))} /></div></>);
    case 'list':
      return (<>{label}<InputText id={id} value={((value as string[]) ?? []).join(', ')} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value.split(',').map((s) => s.trim()).filter(Boolean))} /></>);
    case 'textarea':
      return (<>{label}<InputTextarea id={id} rows={6} value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} /></>);
    case 'params': {
      const params = (value as { name: string; type: string }[]) ?? [];
      return (
        <>
          {label}
          <div className="params-editor" id={id}>
            {params.map((p, i) => (
              <div key={i} className="params-row">
                <InputText aria-label={`Parameter ${i + 1} name`} value={p.name} onChange={(e) => onChange(params.map((q, j) => (j === i ? { ...q, name: e.target.value } : q)))} />
                <Dropdown aria-label={`Parameter ${i + 1} type`} value={p.type} options={['string', 'int', 'float', 'bool']} onChange={(e) => onChange(params.map((q, j) => (j === i ? { ...q, type: e.value } : q)))} />
                <Button icon="pi pi-times" text rounded aria-label={`Remove parameter ${i + 1}`} onClick={() => onChange(params.filter((_, j) => j !== i))} />
              </div>
            ))}
            <Button label="Add parameter" icon="pi pi-plus" text size="small" onClick={() => onChange([...params, { name: '', type: 'string' }])} />
          </div>
        </>
      );
    }
    default:
      return (<>{label}<InputText id={id} value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} /></>);
  }
}
