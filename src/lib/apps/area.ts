import { defineArea } from '../area';
import { appsApi } from './api';
import { seedDemoAppDetails } from './demo';

export const appsArea = defineArea({
  name: 'apps',
  api: appsApi,
  seed: { withApps: (tx) => seedDemoAppDetails(tx) },
});
