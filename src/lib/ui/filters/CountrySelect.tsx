import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { cappedOptions } from './capped-options';
import { countryOptions } from './countries';
import MultiSelectFilter from './MultiSelectFilter';

const OPTIONS = countryOptions();

export type CountrySelectProps =
  | { multiple?: false; value: string | null; onChange: (code: string | null) => void; inputId?: string; className?: string }
  | { multiple: true; value: string[]; onChange: (codes: string[]) => void; inputId?: string; className?: string };

/** Country select: the 41 top countries first, then the others by name, then Unknown. */
export default function CountrySelect(props: CountrySelectProps) {
  const [query, setQuery] = useState('');
  const single = props.multiple ? null : props.value;
  const shown = useMemo(() => cappedOptions(OPTIONS, query, single), [query, single]);
  if (props.multiple) {
    return <MultiSelectFilter inputId={props.inputId} className={`filter-country ${props.className ?? ''}`} options={OPTIONS} value={props.value} onChange={props.onChange} placeholder="All countries" ariaLabel="Country" />;
  }
  return (
    <Dropdown
      inputId={props.inputId}
      className={`filter-country ${props.className ?? ''}`}
      value={props.value}
      options={shown}
      optionLabel="title"
      optionValue="value"
      filter
      onFilter={(e) => setQuery(e.filter)}
      resetFilterOnHide
      showClear
      placeholder="All countries"
      onChange={(e) => props.onChange((e.value as string | undefined) ?? null)}
      aria-label="Country"
    />
  );
}
