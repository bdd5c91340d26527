import '../prime';
import Dropdown from './LazyDropdown';
import { useMemo, useState } from 'react';
import { cappedOptions } from './capped-options';
import './filters.css';
import MultiSelectFilter from './MultiSelectFilter';
import type { FilterOption } from './options';

export type CodeSelectProps =
  | { multiple?: false; value: string | null; onChange: (code: string | null) => void; inputId?: string; className?: string }
  | { multiple: true; value: string[]; onChange: (codes: string[]) => void; inputId?: string; className?: string };

/** A select over a fixed list of codes (countries, languages): one value, or several with All and Clear. */
export function CodeSelect(
  props: CodeSelectProps & { options: readonly FilterOption<string>[]; kind: string; placeholder: string; label: string },
) {
  const [query, setQuery] = useState('');
  const single = props.multiple ? null : props.value;
  const shown = useMemo(() => cappedOptions(props.options, query, single), [props.options, query, single]);
  const className = `filter-${props.kind} ${props.className ?? ''}`;
  if (props.multiple) {
    return <MultiSelectFilter inputId={props.inputId} className={className} options={props.options} value={props.value} onChange={props.onChange} placeholder={props.placeholder} ariaLabel={props.label} />;
  }
  return (
    <Dropdown
      inputId={props.inputId}
      className={className}
      value={props.value}
      options={shown}
      optionLabel="title"
      optionValue="value"
      filter
      onFilter={(e) => setQuery(e.filter)}
      resetFilterOnHide
      showClear
      placeholder={props.placeholder}
      onChange={(e) => props.onChange((e.value as string | undefined) ?? null)}
      aria-label={props.label}
    />
  );
}
