import '../prime';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import type { MultiSelect as MultiSelectType } from 'primereact/multiselect';
import { useId, useMemo, useRef, useState } from 'react';
import { useLoadOnReach } from './load-on-reach';
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

type MultiSelectComponent = typeof MultiSelectType;
// PrimeReact's MultiSelect (~10 KB compressed) loads when the filter is first reached for (load-on-reach.ts).
const loadMultiSelect = () => import('primereact/multiselect').then((m) => m.MultiSelect);

/** Multi-select with All and Clear; at most 100 (or 200) options shown after filtering. */
export default function MultiSelectFilter<V extends string | number>({ options, value, onChange, wide = false, levelMode = false, placeholder = 'All', inputId, className, ariaLabel }: MultiSelectFilterProps<V>) {
  const [query, setQuery] = useState('');
  const select = useRef<MultiSelectType | null>(null);
  const reach = useLoadOnReach<MultiSelectComponent, MultiSelectType>(loadMultiSelect, {
    focus: (m) => m.getElement()?.querySelector<HTMLElement>('input[role="combobox"]')?.focus(),
    show: (m) => m.show(),
  });
  // The look-alike names a panel as the MultiSelect's input does (a closed combobox's panel need not exist yet).
  const panelId = `${useId()}_list`;
  const limit = wide ? MULTI_SELECT_WIDE_LIMIT : MULTI_SELECT_LIMIT;
  const shown = useMemo(() => visibleOptions(options, query, { limit, levelMode }), [options, query, limit, levelMode]);
  const hidden = useMemo(() => matchingOptions(options, query, levelMode).length - shown.length, [options, query, levelMode, shown.length]);

  const MultiSelect = reach.Component;
  if (!MultiSelect) {
    const summary = value.length > 0 ? selectionSummary(options, value) : null;
    return (
      <div className={`filter-multi ${className ?? ''} p-multiselect p-component p-inputwrapper${summary !== null ? ' p-inputwrapper-filled' : ''}`} aria-label={ariaLabel} {...reach.closedHandlers.root}>
        <div className="p-hidden-accessible">
          <input id={inputId} type="text" role="combobox" aria-expanded="false" aria-controls={panelId} tabIndex={0} aria-label={ariaLabel} readOnly value={summary ?? ''} {...reach.closedHandlers.input} />
        </div>
        <div className="p-multiselect-label-container">
          <div className={`p-multiselect-label${summary !== null ? ' p-multiselect-items-label' : ' p-placeholder'}`}>{summary ?? placeholder}</div>
        </div>
        <div className="p-multiselect-trigger">
          <ChevronDownIcon className="p-multiselect-trigger-icon p-c" />
        </div>
      </div>
    );
  }
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
      ref={(instance) => {
        select.current = instance;
        reach.attach(instance);
      }}
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
