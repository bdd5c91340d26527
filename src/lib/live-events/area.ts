import { defineArea } from '../area';
import { liveEventsApi } from './api';
import { seedDemoLiveEvents } from './demo';
import { livePages } from './pages';

export const liveEventsArea = defineArea({
  name: 'live-events',
  api: liveEventsApi,
  resourcePages: livePages,
  // Played by simulated players, like the telemetry: skipped with it (DEMO_TELEMETRY=0).
  seed: { demo: async (db, config) => (config.demoTelemetry.enabled ? seedDemoLiveEvents(db, config.demoTelemetry.users) : undefined) },
});
