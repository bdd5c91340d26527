import '../../ui/prime';
import { useStore } from '@nanostores/react';
import Dropdown from '../../ui/filters/LazyDropdown';
import { useEffect, useMemo, useRef } from 'react';
import MultiSelectFilter from '../../ui/filters/MultiSelectFilter';
import { keepFocusIn } from '../../ui/filters/keep-focus';
import { ALL_LABEL } from '../../ui/filters/options';
import { $appOs, $apps, $selectedApp, initAppSelection, loadAppOs, loadApps, selectApp, type AppScope } from '../store';
import { appChoices, type AppChoice } from './app-options';
import '../../ui/filters/filters.css';

export interface AppsFilterProps {
  account: AppScope;
  /**
   * 'multi': any number of apps (`value`/`onChange`; none = all the account sees); 'single': one app or All,
   * the shared selected app of the console (?id&value), with each app's OS variants.
   */
  mode: 'multi' | 'single';
  value?: string[];
  onChange?: (ids: string[]) => void;
}

/** The "All" choice of the single mode: no app picked. */
const ALL = '';

/**
 * The Apps filter of every report: one look in both modes (a dropdown with a search box in its panel,
 * options by name with the id as secondary text) and one word for no restriction, "All". It replaced a
 * plain dropdown on some reports and a blue-button autocomplete on others (issue 41). Escape in the
 * search box closes the panel and leaves focus on the filter.
 */
export default function AppsFilter({ account, mode, value = [], onChange }: AppsFilterProps) {
  const apps = useStore($apps);
  const variants = useStore($appOs);
  const selected = useStore($selectedApp);
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    void loadApps();
    if (mode === 'single') {
      initAppSelection(account);
      void loadAppOs();
    }
  }, [account, mode]);

  const multiOptions = useMemo(() => apps.map((a) => ({ title: a.name, value: a.id, info: a.id })), [apps]);
  const singleOptions = useMemo(() => [{ id: ALL, value: ALL_LABEL, appId: '' } as AppChoice, ...appChoices(apps, variants, { withOs: true })], [apps, variants]);
  const refocus = () => keepFocusIn(() => root.current);

  return (
    <span ref={root} className="apps-filter">
      {mode === 'multi' ? (
        <MultiSelectFilter className="filter-apps" options={multiOptions} value={value} onChange={(ids) => onChange?.(ids)} placeholder={ALL_LABEL} ariaLabel="Apps" />
      ) : (
        <Dropdown
          className="filter-apps filter-multi"
          value={selected?.id ?? ALL}
          options={singleOptions}
          optionLabel="value"
          optionValue="id"
          filter
          // Opening by keyboard lands in the search box, as the multi mode does.
          filterInputAutoFocus
          filterBy="value,id"
          resetFilterOnHide
          placeholder={ALL_LABEL}
          onChange={(e) => {
            const choice = singleOptions.find((c) => c.id === e.value);
            selectApp(choice && choice.id !== ALL ? { id: choice.id, value: choice.value } : null);
          }}
          onHide={refocus}
          itemTemplate={(choice: AppChoice) => (
            <div className="app-choice">
              <span>{choice.value}</span>
              {choice.id !== ALL && <small>{choice.id}</small>}
            </div>
          )}
          // PrimeReact hands aria-* props to the focusable input: the filter is named "Apps" as in multi mode.
          aria-label="Apps"
        />
      )}
    </span>
  );
}
