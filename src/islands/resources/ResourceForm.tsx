import '../../lib/ui/prime';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import type { Contract } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { splitFieldMessages } from '../../lib/http/issues';
import { openingValues, optionsOf, saveRequest, validateSave, type ResourceDescriptor, type ResourceField } from '../../lib/resources/define';
import { dayToLocalDate, localDateToDay } from '../../lib/ui/filters/date-range';
import TreeField from './TreeField';
import { ProblemText } from '../common/ProblemText';
import { submitWith } from '../../lib/ui/form-submit';
import { serverMessageOf } from '../../lib/http/requester';
import { rememberFormAppContract } from '../../lib/apps/form-app-contract';
import { AppPicker } from '../common/AppPicker';
import { DateTimePicker } from '../common/DateTimePicker';
import { RewardsEditor, useAppItems, type RewardRow } from '../common/RewardsEditor';
import { RankRewardsEditor } from '../common/RankRewardsEditor';
import { CreativesEditor, type CreativeRow } from '../common/CreativesEditor';

/*
 * PrimeReact's markup, made valid for assistive technology (axe: nested-interactive, aria-required-children,
 * listitem, aria-input-field-name). InputSwitch draws a role="checkbox" box around its own role="switch" input:
 * one control inside another; the box becomes plain. Chips makes its <ul> a listbox whose last item (the
 * text input) is not an option and which has no name; as a plain list of the values with the input last, the
 * label names the input and each value is read as a list item (its remove icon stays a button).
 */
const SWITCH_ROOT_PLAIN = { root: { role: undefined, 'aria-checked': undefined } };
const CHIPS_AS_LIST = {
  container: { role: undefined, 'aria-orientation': undefined, 'aria-activedescendant': undefined },
  token: { role: undefined, 'aria-selected': undefined, 'aria-setsize': undefined, 'aria-posinset': undefined },
};

interface Props<R, Ctx> {
  descriptor: ResourceDescriptor<R, Ctx>;
  context: Ctx;
  /** The row edited; null creates one. */
  row: R | null;
  onClose: () => void;
  /** The save answer's data (the row, unless the descriptor's `saved` says where it is). */
  onSaved: (data: unknown) => void | Promise<void>;
  /** The app this person last chose in a create form (remembered on the server), if any. */
  formApp?: string | null;
  /** Values a new row opens with (a template's "Create event"), over the descriptor's initial ones. */
  preset?: Record<string, unknown> | null;
  /** Drawn in the page rather than in a dialog (a screen that is only the create form). */
  inline?: boolean;
}

/**
 * The create/edit dialog of a resource: one labelled input per form field, validated with the save
 * contract's zod schema before sending (the message under a field is the one the server would send), the
 * server's own refusals placed under their field or at the foot. Enter submits, Escape closes.
 */
export default function ResourceForm<R, Ctx>({ descriptor: d, context, row, onClose, onSaved, formApp, preset, inline }: Props<R, Ctx>) {
  const [values, setValues] = useState(() => openingValues(d, context, row, formApp, preset));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const prefix = d.idPrefix ?? d.id;
  const fields = (d.form ?? []).filter((f) => !(row && f.hideOnEdit));

  async function submit() {
    const request = saveRequest(d, context, row, values);
    const checked = validateSave(d, request);
    if (!checked.ok) {
      setErrors(checked.byField);
      setProblem(checked.rest);
      return;
    }
    setErrors({});
    setProblem('');
    setBusy(true);
    try {
      // The descriptor's contracts are erased here; the request was built from its own form and save contract.
      const { data } = await api(d.contracts.save as Contract, request as never);
      const appField = (d.form ?? []).find((f) => f.input === 'app');
      const chosen = appField && values[appField.key];
      // The next create form starts on this app (a failure to remember costs nothing but that).
      if (!row && typeof chosen === 'string' && chosen && chosen !== formApp) void api(rememberFormAppContract, { appId: chosen }).catch(() => undefined);
      await onSaved(data);
    } catch (error) {
      const { byField, rest } = splitFieldMessages(serverMessageOf(error), fields.map((f) => f.key));
      setErrors(byField);
      setProblem(rest);
    } finally {
      setBusy(false);
    }
  }

  const title = row ? (d.editTitle?.(row) ?? `Edit ${d.rowLabel(row)}`) : (d.createLabel ?? `Add ${d.singular}`);
  const form = (
      <form
        onSubmit={submitWith(submit)}
        noValidate
      >
        <div className="form-grid">
          {fields.map((field) => (
            <FieldInput
              key={field.key}
              id={`${prefix}-${field.key.replaceAll('.', '-')}`}
              field={field}
              context={context}
              value={values[field.key]}
              locked={Boolean(row && field.createOnly) || Boolean(field.disabledWhen?.(values))}
              error={errors[field.key]}
              values={values}
              onChange={(value) => setValues((current) => ({ ...current, [field.key]: value, ...(field.fills && value !== undefined && value !== null ? field.fills(value, context, current) : {}) }))}
            />
          ))}
        </div>
        <ProblemText className="form-problem" text={problem} />
        <div className="dialog-actions">
          <Button type="button" label="Cancel" text onClick={onClose} />
          <Button type="submit" label={inline ? title : 'Save'} icon="pi pi-check" loading={busy} />
        </div>
      </form>
  );
  if (inline) return <div className="resource-dialog resource-inline-form">{form}</div>;
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: 'min(640px, 95vw)' }} className="resource-dialog">
      {form}
    </Dialog>
  );
}

function FieldInput<Ctx>(props: { id: string; field: ResourceField<Ctx>; context: Ctx; value: unknown; values: Record<string, unknown>; locked: boolean; error?: string; onChange: (value: unknown) => void }) {
  const { id, field, context, value, values, locked, error, onChange } = props;
  const errorId = `${id}-problem`;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const options = optionsOf(field, context);
  const itemsApp = field.input === 'rewards' || field.input === 'rankRewards' ? (field.itemsApp ? field.itemsApp(values, context) : (values.appId as string | undefined)) : undefined;
  const items = useAppItems(itemsApp);
  const describedBy = error ? errorId : field.help ? `${id}-help` : undefined;
  let input;
  switch (field.input) {
    case 'app':
      input = <AppPicker id={id} apps={options.map((o) => ({ id: String(o.value), name: o.label }))} value={value as string | undefined} onChange={onChange} disabled={locked} invalid={Boolean(error)} describedBy={describedBy} />;
      break;
    case 'dateTime':
      input = <DateTimePicker id={id} value={String(value ?? '')} onChange={onChange} disabled={locked} invalid={Boolean(error)} describedBy={describedBy} placeholder={field.placeholder} />;
      break;
    case 'rewards':
      input = <RewardsEditor id={id} label={field.label} value={(Array.isArray(value) ? value : []) as RewardRow[]} items={items} onChange={onChange} disabled={locked} invalid={Boolean(error)} describedBy={describedBy} />;
      break;
    case 'rankRewards':
      input = <RankRewardsEditor id={id} label={field.label} value={String(value ?? '')} items={items} tiers={field.tiers} onChange={onChange} disabled={locked} invalid={Boolean(error)} describedBy={describedBy} emptyText={field.placeholder} />;
      break;
    case 'creatives':
      input = <CreativesEditor id={id} label={field.label} value={(Array.isArray(value) ? value : []) as CreativeRow[]} onChange={onChange} disabled={locked} invalid={Boolean(error)} describedBy={describedBy} />;
      break;
    case 'select':
    case 'os':
      input = <Dropdown inputId={id} value={value} options={[...options]} onChange={(e) => onChange(e.value)} disabled={locked} filter={options.length > 8} placeholder={field.placeholder ?? 'Choose'} className={error ? 'p-invalid' : undefined} {...invalid} />;
      break;
    case 'multi':
      input = (
        <MultiSelect inputId={id} value={(value as unknown[]) ?? []} options={[...options]} onChange={(e) => onChange(e.value)} filter display="chip" disabled={locked} placeholder={field.placeholder} className={error ? 'p-invalid' : undefined} {...invalid} />
      );
      break;
    case 'checklist': {
      const chosen = new Set((value as unknown[]) ?? []);
      input = (
        <ul className="checklist" id={id} aria-label={field.label}>
          {options.map((o) => {
            const itemId = `${id}-${String(o.value)}`;
            return (
              <li key={String(o.value)}>
                <Checkbox
                  inputId={itemId}
                  checked={chosen.has(o.value)}
                  disabled={locked}
                  onChange={(e) => onChange(options.filter((x) => (x.value === o.value ? e.checked : chosen.has(x.value))).map((x) => x.value))}
                />
                <label htmlFor={itemId}>
                  <code>{o.label}</code> {o.hint && <span className="hint">{o.hint}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      );
      break;
    }
    case 'tree':
      input = <TreeField id={id} label={field.label} options={field.tree?.(context) ?? []} value={(value as string[]) ?? []} disabled={locked} onChange={onChange} />;
      break;
    case 'chips':
      input = <Chips inputId={id} value={(value as string[]) ?? []} onChange={(e) => onChange(e.value ?? [])} separator="," addOnBlur disabled={locked} placeholder={field.placeholder} className={error ? 'p-invalid' : undefined} pt={CHIPS_AS_LIST} {...invalid} />;
      break;
    case 'checkbox':
    case 'switch': {
      // One yes/no field drawn as a box or a switch; the two PrimeReact events name the new state differently.
      const toggle = { inputId: id, checked: Boolean(value), disabled: locked, ...invalid };
      input = (
        <div>
          {field.input === 'switch' ? (
            <InputSwitch {...toggle} pt={SWITCH_ROOT_PLAIN} onChange={(e) => onChange(Boolean(e.value))} />
          ) : (
            <Checkbox {...toggle} onChange={(e) => onChange(Boolean(e.checked))} />
          )}
        </div>
      );
      break;
    }
    case 'number':
      input = (
        <InputText
          id={id}
          inputMode="decimal"
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(e) => {
            const raw = e.target.value.replace(/,/g, '').trim();
            onChange(raw === '' ? undefined : Number.isNaN(Number(raw)) ? raw : Number(raw));
          }}
          className={error ? 'p-invalid' : undefined}
          {...invalid}
        />
      );
      break;
    case 'date':
      input = (
        <Calendar
          inputId={id}
          value={typeof value === 'string' && value ? dayToLocalDate(value) : null}
          onChange={(e) => onChange(e.value ? localDateToDay(e.value as Date) : undefined)}
          dateFormat="dd-mm-yy"
          readOnlyInput
          className={error ? 'p-invalid' : undefined}
        />
      );
      break;
    case 'textarea':
      input = <InputTextarea id={id} rows={6} value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} className={error ? 'p-invalid' : undefined} {...invalid} />;
      break;
    case 'pairs': {
      const pairs = (value as { name: string; type: string }[] | undefined) ?? [];
      const types = field.pairOptions ?? [];
      input = (
        <div className="params-editor" id={id}>
          {pairs.map((p, i) => (
            <div key={i} className="params-row">
              <InputText aria-label={`${field.label} ${i + 1} name`} value={p.name} onChange={(e) => onChange(pairs.map((q, j) => (j === i ? { ...q, name: e.target.value } : q)))} />
              <Dropdown aria-label={`${field.label} ${i + 1} type`} value={p.type} options={[...types]} onChange={(e) => onChange(pairs.map((q, j) => (j === i ? { ...q, type: e.value } : q)))} />
              <Button type="button" icon="pi pi-times" text rounded aria-label={`Remove ${field.label.toLowerCase()} ${i + 1}`} onClick={() => onChange(pairs.filter((_, j) => j !== i))} />
            </div>
          ))}
          <Button type="button" label={`Add ${field.label.toLowerCase().replace(/s$/, '')}`} icon="pi pi-plus" text size="small" onClick={() => onChange([...pairs, { name: '', type: types[0] ?? '' }])} />
        </div>
      );
      break;
    }
    case 'password':
      input = (
        <InputText id={id} type="password" autoComplete="new-password" value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} disabled={locked} className={error ? 'p-invalid' : undefined} {...invalid} />
      );
      break;
    default:
      input = <InputText id={id} value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => onChange(e.target.value)} disabled={locked} className={error ? 'p-invalid' : undefined} {...invalid} />;
  }
  return (
    <>
      <label htmlFor={id}>{field.label}</label>
      <div className="resource-field">
        {input}
        {field.help && (
          <small className="hint" id={`${id}-help`}>
            {field.help}
          </small>
        )}
        {error && (
          <small className="field-problem" id={errorId} role="alert">
            {error}
          </small>
        )}
      </div>
    </>
  );
}
