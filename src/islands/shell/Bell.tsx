import { useStore } from '@nanostores/react';
import { $unreadCount } from '../../lib/posts/store';
import { CountLink } from '../common/CountLink';

/** The notification bell: unread posts on the board; opens the board. */
export default function Bell() {
  const count = useStore($unreadCount);
  const label = count > 0 ? `Notifications: ${count} unread` : 'Notifications: none unread';
  return <CountLink href="/post/index" icon="pi-bell" label={label} count={count} testId="bell-count" />;
}
