import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $unreadCount } from '../../lib/posts/store';
import { pollUnreadCount } from '../../lib/posts/unread-client';
import type { LayoutSettings, UiSize } from '../../lib/ui/layout-settings';
import { $isStaging, $loading, $settings, $settingsPanelOpen, $size } from '../../lib/ui/layout-store';
import Bell from './Bell';
import AlertBell from '../alerts/AlertBell';
import FullscreenToggle from './FullscreenToggle';
import PhoneMenu from './PhoneMenu';
import RouteSearch from './RouteSearch';
import SizeSelect from './SizeSelect';
import UserMenu from './UserMenu';

interface Props {
  name: string;
  role: string;
  avatar: string;
  unread: number;
  size: UiSize;
  settings: LayoutSettings;
  isStaging: boolean;
  /** How often the bell asks for the unread count. */
  bellPollMs: number;
  /** Revenue alerts not acknowledged by the account (src/lib/alerts/). */
  alerts: number;
}

/** The top bar's interactive tools. Seeds the shared layout stores from the server render. */
export default function Navbar(props: Props) {
  useEffect(() => {
    $unreadCount.set(props.unread);
    $size.set(props.size);
    $settings.set(props.settings);
    $isStaging.set(props.isStaging);
  }, [props.unread, props.size, props.settings, props.isStaging]);
  useEffect(() => pollUnreadCount(props.bellPollMs), [props.bellPollMs]);
  const loading = useStore($loading);

  return (
    <>
      <RouteSearch />
      <AlertBell initial={props.alerts} pollMs={props.bellPollMs} />
      <Bell />
      {/* Desktop tools; below 992 px CSS hides them and shows the phone menu, which holds the same actions. */}
      <div className="navbar-tools">
        <FullscreenToggle />
        <SizeSelect />
        <button type="button" className="icon-button" aria-label="Settings" title="Settings" onClick={() => $settingsPanelOpen.set(true)}>
          <i className="pi pi-cog" aria-hidden="true" />
        </button>
        <UserMenu name={props.name} role={props.role} avatar={props.avatar} />
      </div>
      <PhoneMenu name={props.name} role={props.role} />
      {loading && (
        <div className="loading-overlay" role="status" aria-live="polite">
          <img src="/logo.svg" alt="" width="64" height="64" />
          <span>Loading…</span>
        </div>
      )}
    </>
  );
}
