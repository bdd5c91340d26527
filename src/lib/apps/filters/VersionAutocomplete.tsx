import '../../ui/prime';
import type { AutoComplete as AutoCompleteType } from 'primereact/autocomplete';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { useEffect, useId, useMemo, useState } from 'react';
import { versionPoolsContract, type VersionPools } from '../contract';
import { OS_POOL_KEYS } from '../../platform';
import type { OsFilterValue } from '../../ui/filters/os-options';
import '../../ui/filters/filters.css';
import { useLoadOnReach } from '../../ui/filters/load-on-reach';
import { ALL_LABEL } from '../../ui/filters/options';
import { suggestVersions, versionChoices } from './version-options';

export interface VersionAutocompleteProps {
  value: string;
  onChange: (version: string) => void;
  /** Either the versions to offer, or the app (and OS) whose pools are loaded from get/versions. */
  versions?: readonly string[];
  appId?: string | null;
  os?: OsFilterValue;
  /** Offer "all" first; default true. */
  withAll?: boolean;
  inputId?: string;
  className?: string;
}

type AutoCompleteComponent = typeof AutoCompleteType;
// PrimeReact's AutoComplete (with its virtual scroller, ~14 KB compressed) loads when the filter is first
// reached for (load-on-reach.ts); until then the closed AutoComplete's own markup, an input that keeps what is
// typed while the code comes.
const loadAutoComplete = () => import('primereact/autocomplete').then((m) => m.AutoComplete);

/** Versions of the app's pool for the OS (every pool for ALL). */
export function poolFor(pools: VersionPools, os: OsFilterValue = 0): string[] {
  return os === 0 ? [...pools.android, ...pools.ios, ...pools.webgl] : pools[OS_POOL_KEYS[os]];
}

/** Version autocomplete: "all" unless told not to, no duplicates, case-insensitive substring, numeric dotted order. */
export default function VersionAutocomplete({ value, onChange, versions, appId, os = 0, withAll = true, inputId, className }: VersionAutocompleteProps) {
  const [pools, setPools] = useState<VersionPools | null>(null);
  // The filter value "all" (the spec's API word) reads "All", the one word every filter uses for no restriction.
  const shown = (v: string) => (v === 'all' ? ALL_LABEL : v);
  const [text, setText] = useState(shown(value));
  const [suggestions, setSuggestions] = useState<string[]>([]);

  useEffect(() => {
    if (versions || !appId) return setPools(null);
    let live = true;
    import('../../http/client').then(({ api }) => api(versionPoolsContract, { appId }))
      .then(({ data }) => live && setPools(data))
      .catch(() => live && setPools(null));
    return () => {
      live = false;
    };
  }, [appId, versions]);

  useEffect(() => setText(shown(value)), [value]);

  const reach = useLoadOnReach<AutoCompleteComponent, AutoCompleteType>(loadAutoComplete, {
    focus: (a) => {
      const input = a.getElement()?.querySelector('input');
      input?.focus();
      input?.setSelectionRange(input.value.length, input.value.length);
    },
    // Reached by its arrow button: the arrow's own effect, every choice listed.
    open: (a) => a.getElement()?.querySelector<HTMLButtonElement>('.p-autocomplete-dropdown')?.click(),
    // The look-alike is a text box that keeps what is typed: Enter and Space are the box's (a space is text).
    textBox: true,
  });

  // The look-alike names a list as a combobox must (a closed combobox's list need not exist yet).
  const listId = `${useId()}_list`;

  const choices = useMemo(() => versionChoices(versions ?? (pools ? poolFor(pools, os) : []), { withAll }), [versions, pools, os, withAll]);

  const AutoComplete = reach.Component;
  if (!AutoComplete) {
    const placeholder = withAll ? ALL_LABEL : 'Version';
    return (
      <span className={`filter-version ${className ?? ''} p-autocomplete p-component p-inputwrapper p-autocomplete-dd${text ? ' p-inputwrapper-filled' : ''}`}>
        <input
          id={inputId}
          className={`p-autocomplete-input p-autocomplete-dd-input p-inputtext p-component${text ? ' p-filled' : ''}`}
          autoComplete="off"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded="false"
          aria-controls={listId}
          aria-label="Version"
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onFocus={reach.closedHandlers.input.onFocus}
          onBlur={reach.closedHandlers.input.onBlur}
        />
        {/* The press takes no focus, so the code loads on the click: loaded (and swapped in) between the press and
            the release, the click would land on neither button and be lost. Tab in still loads it. */}
        <button
          aria-label={placeholder}
          className="p-autocomplete-dropdown p-button p-component p-button-icon-only"
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onFocus={reach.closedHandlers.input.onFocus}
          onClick={() => reach.wake('click')}
        >
          <ChevronDownIcon />
          <span className="p-button-label p-c">&nbsp;</span>
        </button>
      </span>
    );
  }
  return (
    <AutoComplete
      ref={reach.attach}
      inputId={inputId}
      className={`filter-version ${className ?? ''}`}
      value={text}
      suggestions={suggestions}
      dropdown
      placeholder={withAll ? ALL_LABEL : 'Version'}
      completeMethod={(e) => setSuggestions(suggestVersions(choices, e.query))}
      onChange={(e) => setText(String(e.value ?? ''))}
      onSelect={(e) => {
        // The box reads the choice as shown ("All", not the value "all"), also when it was already the value.
        setText(shown(String(e.value)));
        onChange(String(e.value));
      }}
      selectedItemTemplate={shown}
      itemTemplate={shown}
      onBlur={() => {
        if (text === shown(value)) return;
        if (choices.includes(text)) onChange(text);
        else if (text === '' || text === ALL_LABEL) onChange(withAll ? 'all' : '');
        else setText(shown(value));
      }}
      aria-label="Version"
    />
  );
}
