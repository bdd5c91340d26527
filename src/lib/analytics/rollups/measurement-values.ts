import { rebuildStep } from './step';

/** Every measurement of the day with the event's own os/version/country (the build that measured it). */
export const measurementValues = rebuildStep('measurement_values', (s) =>
  `INSERT INTO measurement_values (app_id, day, os, app_version, country, name, unit, value)
       SELECT app_id, $1::date, os, app_version, country, params->>'name', params->>'unit', (params->>'value')::double precision
         FROM events WHERE ${s.where} AND name = 'measurement'`);
