import { Dropdown } from 'primereact/dropdown';

export interface AppChoice {
  id: string;
  name: string;
}

/**
 * The app of a create form: options by name with the id (package) as a muted second line, searchable by
 * either; empty until chosen (the form decides whether to start on one, see `startingApp`).
 */
export function AppPicker(props: { id: string; apps: readonly AppChoice[]; value: string | undefined; onChange: (appId: string | undefined) => void; disabled?: boolean; invalid?: boolean; describedBy?: string }) {
  const { id, apps, value, onChange, disabled, invalid, describedBy } = props;
  const options = apps.map((a) => ({ label: a.name, value: a.id }));
  return (
    <Dropdown
      inputId={id}
      value={value ?? null}
      options={options}
      onChange={(e) => onChange(e.value ?? undefined)}
      filter={options.length > 8}
      filterBy="label,value"
      placeholder="Choose an app"
      emptyMessage="You see no app"
      disabled={disabled}
      className={invalid ? 'p-invalid app-picker' : 'app-picker'}
      aria-describedby={describedBy}
      itemTemplate={(o: { label: string; value: string }) => (
        <div className="app-option">
          <span>{o.label}</span>
          <small className="hint">{o.value}</small>
        </div>
      )}
    />
  );
}
