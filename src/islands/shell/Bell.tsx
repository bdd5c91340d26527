import { useStore } from '@nanostores/react';
import { $unreadCount } from '../../lib/posts/store';

/** The notification bell: unread posts on the board; opens the board. */
export default function Bell() {
  const count = useStore($unreadCount);
  const label = count > 0 ? `Notifications: ${count} unread` : 'Notifications: none unread';
  return (
    <a className="icon-button bell" href="/post/index" aria-label={label} title={label}>
      <i className="pi pi-bell" aria-hidden="true" />
      {count > 0 && (
        <span className="bell-badge" data-testid="bell-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
