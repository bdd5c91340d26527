import { Dropdown } from 'primereact/dropdown';
import { useMemo, useState } from 'react';
import { cappedOptions } from './capped-options';
import { languageOptions } from './languages';
import MultiSelectFilter from './MultiSelectFilter';

const OPTIONS = languageOptions();

export type LanguageSelectProps =
  | { multiple?: false; value: string | null; onChange: (code: string | null) => void; inputId?: string; className?: string }
  | { multiple: true; value: string[]; onChange: (codes: string[]) => void; inputId?: string; className?: string };

/** Language select by ISO 639-1 code with its English name. */
export default function LanguageSelect(props: LanguageSelectProps) {
  const [query, setQuery] = useState('');
  const single = props.multiple ? null : props.value;
  const shown = useMemo(() => cappedOptions(OPTIONS, query, single), [query, single]);
  if (props.multiple) {
    return <MultiSelectFilter inputId={props.inputId} className={`filter-language ${props.className ?? ''}`} options={OPTIONS} value={props.value} onChange={props.onChange} placeholder="All languages" ariaLabel="Language" />;
  }
  return (
    <Dropdown
      inputId={props.inputId}
      className={`filter-language ${props.className ?? ''}`}
      value={props.value}
      options={shown}
      optionLabel="title"
      optionValue="value"
      filter
      onFilter={(e) => setQuery(e.filter)}
      resetFilterOnHide
      showClear
      placeholder="All languages"
      onChange={(e) => props.onChange((e.value as string | undefined) ?? null)}
      aria-label="Language"
    />
  );
}
