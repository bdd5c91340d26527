import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $alertCount, refreshAlertCount } from '../../lib/alerts/store';
import { CountLink } from '../common/CountLink';

/** The revenue-alert bell beside the board's: alerts not yet acknowledged by this account; opens the alerts list. */
export default function AlertBell({ initial, pollMs }: { initial: number; pollMs: number }) {
  useEffect(() => $alertCount.set(initial), [initial]);
  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === 'visible' && void refreshAlertCount(), pollMs);
    return () => clearInterval(timer);
  }, [pollMs]);
  const count = useStore($alertCount);
  const label = count > 0 ? `Revenue alerts: ${count} not acknowledged` : 'Revenue alerts: none new';
  return <CountLink href="/alerts/index" icon="pi-chart-line" label={label} count={count} badgeClass="alert-badge" testId="alert-count" />;
}
