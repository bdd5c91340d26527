import '../prime';
import type { Dropdown as DropdownType, DropdownProps } from 'primereact/dropdown';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import type { Ref } from 'react';
import { useLoadOnReach } from './load-on-reach';

type DropdownComponent = typeof DropdownType;
const loadDropdown = () => import('primereact/dropdown').then((m) => m.Dropdown);

/** The label a closed Dropdown shows: the chosen option's label, else the placeholder. */
export function closedDropdownLabel(props: Pick<DropdownProps, 'value' | 'options' | 'optionLabel' | 'optionValue' | 'placeholder'>): string | null {
  const options = (props.options ?? []) as Record<string, unknown>[];
  const chosen = options.find((o) => (props.optionValue ? o[props.optionValue] : o) === props.value);
  if (chosen === undefined) return null;
  const label = props.optionLabel ? chosen[props.optionLabel] : chosen;
  return label === undefined || label === null ? null : String(label);
}

/**
 * PrimeReact's Dropdown (with its virtual scroller, ~12 KB compressed) loaded when first reached for
 * (load-on-reach.ts); until then the closed Dropdown's own markup, drawn here. Same props as Dropdown.
 */
export default function LazyDropdown(props: DropdownProps & { ref?: Ref<DropdownType> }) {
  const { ref, ...rest } = props;
  const reach = useLoadOnReach<DropdownComponent, DropdownType>(loadDropdown, {
    focus: (d) => d.getFocusInput()?.focus(),
    show: (d) => d.show(),
  });
  const { Component: Dropdown } = reach;
  if (Dropdown) {
    return (
      <Dropdown
        {...rest}
        ref={(instance) => {
          reach.attach(instance);
          if (typeof ref === 'function') ref(instance);
          else if (ref) ref.current = instance;
        }}
      />
    );
  }

  const label = closedDropdownLabel(rest);
  return (
    <div
      className={`${rest.className ?? ''} p-dropdown p-component p-inputwrapper${label !== null ? ' p-inputwrapper-filled' : ''}${rest.showClear ? ' p-dropdown-clearable' : ''}`}
      style={rest.style}
      {...reach.closedHandlers.root}
    >
      <div className="p-hidden-accessible">
        <input
          id={rest.inputId}
          type="text"
          readOnly
          aria-haspopup="listbox"
          tabIndex={0}
          aria-label={rest['aria-label']}
          value={label ?? ''}
          {...reach.closedHandlers.input}
        />
      </div>
      <span className={`p-dropdown-label p-inputtext${label === null ? ' p-placeholder' : ''}`} tabIndex={-1}>
        {label ?? rest.placeholder ?? '\u00a0'}
      </span>
      <div className="p-dropdown-trigger" role="button" aria-haspopup="listbox" aria-expanded="false" aria-hidden="true">
        <ChevronDownIcon className="p-dropdown-trigger-icon p-clickable" />
      </div>
    </div>
  );
}
