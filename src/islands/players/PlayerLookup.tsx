import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import type { AppScope } from '../../lib/apps/store';
import AppAutocomplete from '../../lib/apps/filters/AppAutocomplete';
import Field from '../../lib/ui/filters/Field';
import { submitWith } from '../../lib/ui/form-submit';

/**
 * The search row of the player screens (Find User, saved data): the app, the screen's own fields, and the
 * submit button; Enter in any field submits.
 */
export default function PlayerLookup(props: { label: string; account: AppScope; onSubmit: () => void; submit: { label: string; icon: string; busy: boolean; disabled: boolean }; children: ReactNode }) {
  const { label, account, onSubmit, submit, children } = props;
  return (
    <form
      className="toolbar report-filters"
      role="search"
      aria-label={label}
      onSubmit={submitWith(onSubmit)}
    >
      <Field label="App">
        <AppAutocomplete account={account} placeholder="Choose an app" />
      </Field>
      {children}
      <Button type="submit" label={submit.label} icon={submit.icon} loading={submit.busy} disabled={submit.disabled} className="find-button" />
    </form>
  );
}
