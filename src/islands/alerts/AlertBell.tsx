import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $alertCount, refreshAlertCount } from '../../lib/alerts/store';

/** The revenue-alert bell beside the board's: alerts not yet acknowledged by this account; opens the alerts list. */
export default function AlertBell({ initial, pollMs }: { initial: number; pollMs: number }) {
  useEffect(() => $alertCount.set(initial), [initial]);
  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === 'visible' && void refreshAlertCount(), pollMs);
    return () => clearInterval(timer);
  }, [pollMs]);
  const count = useStore($alertCount);
  const label = count > 0 ? `Revenue alerts: ${count} not acknowledged` : 'Revenue alerts: none new';
  return (
    <a className="icon-button bell" href="/alerts/index" aria-label={label} title={label}>
      <i className="pi pi-chart-line" aria-hidden="true" />
      {count > 0 && (
        <span className="bell-badge alert-badge" data-testid="alert-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
