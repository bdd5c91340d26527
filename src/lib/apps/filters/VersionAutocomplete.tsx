import '../../ui/prime';
import { AutoComplete } from 'primereact/autocomplete';
import { useEffect, useMemo, useState } from 'react';
import { versionPoolsContract, type VersionPools } from '../contract';
import { OS_POOL_KEYS } from '../../platform';
import type { OsFilterValue } from '../../ui/filters/os-options';
import '../../ui/filters/filters.css';
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

  const choices = useMemo(() => versionChoices(versions ?? (pools ? poolFor(pools, os) : []), { withAll }), [versions, pools, os, withAll]);

  return (
    <AutoComplete
      inputId={inputId}
      className={`filter-version ${className ?? ''}`}
      value={text}
      suggestions={suggestions}
      dropdown
      placeholder={withAll ? ALL_LABEL : 'Version'}
      completeMethod={(e) => setSuggestions(suggestVersions(choices, e.query))}
      onChange={(e) => setText(String(e.value ?? ''))}
      onSelect={(e) => onChange(String(e.value))}
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
