import { defineArea } from '../area';
import { alertsApi } from './api';

/** Revenue alerts (issue 39): evaluation and delivery run as the alert_evaluate job (src/lib/jobs/definitions.ts). */
export const alertsArea = defineArea({ name: 'alerts', api: alertsApi });
