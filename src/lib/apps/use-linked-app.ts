import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $apps, $selectedApp, appIdOf, selectApp } from './store';

/**
 * The app of a screen opened from a link (`?appId=`): it wins over the app last chosen on another screen,
 * once the app list is known, and becomes the shared selection; afterwards the selection is the app.
 * Answers the app's id ('' while none is chosen) and its name.
 */
export function useLinkedApp(linked: string): { appId: string; appName: string } {
  const apps = useStore($apps);
  const selected = useStore($selectedApp);
  const [pending, setPending] = useState(linked || null);
  useEffect(() => {
    const app = pending ? apps.find((a) => a.id === pending) : null;
    if (!app) return;
    if (!selected || appIdOf(selected) !== pending) selectApp({ id: app.id, value: app.name }, { writeUrl: false });
    setPending(null);
  }, [apps, pending, selected]);
  const appId = pending ?? (selected ? appIdOf(selected) : '');
  return { appId, appName: apps.find((a) => a.id === appId)?.name ?? appId };
}
