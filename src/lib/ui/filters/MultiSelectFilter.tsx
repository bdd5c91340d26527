import '../prime';
import { MultiSelect } from 'primereact/multiselect';
import { useMemo, useRef, useState } from 'react';
import { keepFocusIn } from './keep-focus';
import { clearSelection, matchingOptions, MULTI_SELECT_LIMIT, MULTI_SELECT_WIDE_LIMIT, selectAll, selectionSummary, visibleOptions } from './multi-select';
import './filters.css';
import type { FilterOption } from './options';

export interface MultiSelectFilterProps<V extends string | number> {
  options: readonly FilterOption<V>[];
  value: V[];
  onChange: (value: V[]) => void;
  /** Show up to 200 options instead of 100. */
  wide?: boolean;
  /** Level mode: exact, then prefix, then contains. */
  levelMode?: boolean;
  placeholder?: string;
  inputId?: string;
  className?: string;
  ariaLabel?: string;
}

/** Multi-select with All and Clear; at most 100 (or 200) options shown after filtering. */
export default function MultiSelectFilter<V extends string | number>({ options, value, onChange, wide = false, levelMode = false, placeholder = 'All', inputId, className, ariaLabel }: MultiSelectFilterProps<V>) {
  const [query, setQuery] = useState('');
  const select = useRef<MultiSelect>(null);
  const limit = wide ? MULTI_SELECT_WIDE_LIMIT : MULTI_SELECT_LIMIT;
  const shown = useMemo(() => visibleOptions(options, query, { limit, levelMode }), [options, query, limit, levelMode]);
  const hidden = useMemo(() => matchingOptions(options, query, levelMode).length - shown.length, [options, query, levelMode, shown.length]);

  return (
    <MultiSelect
      inputId={inputId}
      className={`filter-multi ${className ?? ''}`}
      value={value}
      options={shown as FilterOption<V>[]}
      optionLabel="title"
      optionValue="value"
      filter
      filterBy="title,value"
      resetFilterOnHide
      onFilter={(e) => setQuery(e.filter)}
      showSelectAll={false}
      placeholder={placeholder}
      selectedItemTemplate={(item: V) => (item === value[0] ? selectionSummary(options, value) : null)}
      onChange={(e) => onChange(e.value as V[])}
      aria-label={ariaLabel}
      ref={select}
      // Escape in the search box closes the panel: focus stays on this filter rather than falling to <body>.
      onHide={() => keepFocusIn(() => select.current?.getElement() ?? null)}
      panelHeaderTemplate={(header) => (
        <div className="multi-header">
          {header.filterElement}
          <button type="button" className="p-button p-button-text p-button-sm" onClick={() => onChange(selectAll(options, query, value, levelMode))}>All</button>
          <button type="button" className="p-button p-button-text p-button-sm p-button-secondary" onClick={() => onChange(clearSelection<V>())}>Clear</button>
        </div>
      )}
      panelFooterTemplate={hidden > 0 ? <div className="multi-footer">{hidden} more — type to narrow the list</div> : null}
    />
  );
}
