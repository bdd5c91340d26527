import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $selectedApp, appIdOf, loadApps, type AppScope } from '../../lib/apps/store';
import { parseVariantId } from '../../lib/platform';
import AppsFilter from '../../lib/apps/filters/AppsFilter';
import CountrySelect from '../../lib/ui/filters/CountrySelect';
import DateRangePicker from '../../lib/ui/filters/DateRangePicker';
import OsSelect from '../../lib/ui/filters/OsSelect';
import VersionAutocomplete from '../../lib/apps/filters/VersionAutocomplete';
import Field from '../../lib/ui/filters/Field';
import type { ReportFilterState } from './use-report';

export interface ReportFilterBarProps {
  account: AppScope;
  filters: ReportFilterState;
  onChange: (patch: Partial<ReportFilterState>) => void;
  /** 'multi': any number of apps (none = all visible); 'single': the shared selected app (with OS variants; none = all). */
  appMode: 'multi' | 'single';
  /** Shared filters the report does not read (finance figures have no app version or country). */
  hide?: readonly ('version' | 'countries')[];
  children?: React.ReactNode;
}

/** The report filters (spec "Reusable filters"): apps, OS, version, countries and the date range. */
export default function ReportFilterBar({ account, filters, onChange, appMode, hide = [], children }: ReportFilterBarProps) {
  const selected = useStore($selectedApp);
  useEffect(() => void loadApps(), []);

  // Single-app screens follow the shared selected app (?id&value): an OS variant also sets the OS.
  useEffect(() => {
    if (appMode !== 'single') return;
    const ids = selected ? [appIdOf(selected)] : [];
    const os = selected ? parseVariantId(selected.id)?.os : undefined;
    if (ids.join() !== filters.apps.join() || (os && os !== filters.os)) onChange({ apps: ids, ...(os ? { os } : {}) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appMode, selected?.id]);

  const oneApp = filters.apps.length === 1 ? filters.apps[0]! : null;

  return (
    <div className="toolbar report-filters" role="search" aria-label="Report filters">
      <Field label="Apps">
        <AppsFilter account={account} mode={appMode} value={filters.apps} onChange={(ids) => onChange({ apps: ids })} />
      </Field>
      <Field label="OS">
        <OsSelect value={filters.os} onChange={(os) => onChange({ os })} />
      </Field>
      {!hide.includes('version') && (
        <Field label="Version">
          <VersionAutocomplete value={filters.version} onChange={(version) => onChange({ version: version || 'all' })} appId={oneApp} os={filters.os} {...(oneApp ? {} : { versions: [] })} />
        </Field>
      )}
      {!hide.includes('countries') && (
        <Field label="Countries">
          <CountrySelect multiple value={filters.countries} onChange={(countries) => onChange({ countries })} />
        </Field>
      )}
      <Field label="Days">
        <DateRangePicker value={filters.range} onChange={(range) => range && onChange({ range })} />
      </Field>
      {children}
    </div>
  );
}
