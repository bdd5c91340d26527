import '../../ui/prime';
import { useStore } from '@nanostores/react';
import { AutoComplete } from 'primereact/autocomplete';
import { useEffect, useMemo, useState } from 'react';
import { $appOs, $apps, $selectedApp, initAppSelection, loadAppOs, loadApps, selectApp, type AppScope, type SelectedApp } from '../store';
import { appChoices, suggestApps, type AppChoice } from './app-options';
import '../../ui/filters/filters.css';

export interface AppAutocompleteProps {
  /** The signed-in account's app scope: the selection is cleared when it may not see the app. */
  account: AppScope;
  /** Offer each app's OS variants too ("{name}_Android"…). */
  withOs?: boolean;
  /** Controlled use; without these the component edits the shared selected app ($selectedApp). */
  value?: SelectedApp | null;
  onChange?: (app: SelectedApp | null) => void;
  inputId?: string;
  placeholder?: string;
  className?: string;
}

/** App autocomplete over the account's visible apps (cached in IndexedDB), optionally with OS variants. */
export default function AppAutocomplete({ account, withOs = false, value, onChange, inputId, placeholder = 'Select an app', className }: AppAutocompleteProps) {
  const apps = useStore($apps);
  const variants = useStore($appOs);
  const shared = useStore($selectedApp);
  const controlled = onChange !== undefined;
  const selected = controlled ? (value ?? null) : shared;
  const [text, setText] = useState<string | AppChoice>(selected?.value ?? '');
  const [suggestions, setSuggestions] = useState<AppChoice[]>([]);

  useEffect(() => {
    initAppSelection(account);
    void loadApps();
    if (withOs) void loadAppOs();
  }, [account, withOs]);

  useEffect(() => setText(selected?.value ?? ''), [selected?.id, selected?.value]);

  const choices = useMemo(() => appChoices(apps, variants, { withOs }), [apps, variants, withOs]);

  const commit = (next: SelectedApp | null) => (controlled ? onChange!(next) : selectApp(next));

  return (
    <AutoComplete
      inputId={inputId}
      className={`filter-app ${className ?? ''}`}
      value={text}
      suggestions={suggestions}
      field="value"
      dropdown
      placeholder={placeholder}
      completeMethod={(e) => setSuggestions(suggestApps(choices, e.query))}
      onChange={(e) => {
        // PrimeReact types the value as the suggestion type only; while typing it is the text.
        const next = e.value as unknown as string | AppChoice | null;
        setText(next ?? '');
        if (next === '' || next === null) commit(null);
      }}
      onSelect={(e) => {
        const choice = e.value as AppChoice;
        commit({ id: choice.id, value: choice.value });
      }}
      onBlur={() => {
        // Typed text that is not a choice goes back to the selection.
        if (typeof text === 'string' && text !== (selected?.value ?? '')) setText(selected?.value ?? '');
      }}
      itemTemplate={(choice: AppChoice) => (
        <div className="app-choice">
          <span>{choice.value}</span>
          <small>{choice.id}</small>
        </div>
      )}
      aria-label="App"
    />
  );
}
