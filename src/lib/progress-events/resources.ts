import { appColumn, appField } from '../resources/app-fields';
import { defineResource, ofEditedRow, toastsOf } from '../resources/define';
import { formatDateTime } from '../time/format';
import { nowMs } from '../time/clock';
import { progressEventCancelContract, progressEventListContract, progressEventSaveContract, type ProgressEvent } from './contract';
import { daysMs } from '../time/day';
import { formatCount } from '../numbers';

/**
 * Progress events as a resource (src/lib/resources/define.ts): the events of the apps the account sees, a
 * create/edit form (the track typed one milestone a line) and Cancel as a row action. Shared by browser and server.
 */

const statusSeverity = (s: string) => (s === 'live' ? 'success' : s === 'scheduled' ? 'info' : s === 'cancelled' ? 'danger' : 'secondary');
const entryText = (e: ProgressEvent) =>
  [e.minLevel ? `level ≥ ${e.minLevel}` : null, e.minVersion ? `version ≥ ${e.minVersion}` : null, e.countries.length ? e.countries.join(', ') : null].filter(Boolean).join(' · ') || 'Everyone';
const trackText = (e: ProgressEvent) => e.milestoneList.map((m) => formatCount(m.threshold)).join(' → ');
/** A new event starts at the next full hour (console clock) and runs 7 days. */
const nextHour = () => Math.ceil(nowMs() / 3_600_000) * 3_600_000;

export const progressEventsResource = defineResource({
  id: 'progress-events',
  singular: 'progress event',
  contracts: { list: progressEventListContract, save: progressEventSaveContract },
  rowLabel: (r) => r.name,
  columns: [
    { key: 'name', label: 'Event', hint: (r) => `#${r.id}${r.title ? ` · ${r.title}` : ''}`, sortable: true },
    appColumn,
    { key: 'startAt', label: 'Start', show: 'dateTime' },
    { key: 'endAt', label: 'End', show: 'dateTime' },
    { key: 'track', label: 'Milestones (points)', value: trackText },
    { key: 'entry', label: 'Entry', value: entryText },
    { key: 'participants', label: 'Participants', value: (r) => formatCount(r.participants) },
    { key: 'status', label: 'Status', show: 'status', severity: statusSeverity, hint: (r) => `by ${r.updatedBy}` },
  ],
  form: [
    appField,
    { key: 'name', label: 'Name', input: 'text', placeholder: 'Winter pass' },
    { key: 'title', label: 'Title in the game', input: 'text', placeholder: 'Collect snowflakes!' },
    { key: 'description', label: 'Description in the game', input: 'textarea' },
    { key: 'start', label: 'Start', input: 'dateTime', help: 'Fixed once the event has started.' },
    { key: 'end', label: 'End', input: 'dateTime', help: 'May move later while the event runs, never earlier.' },
    {
      key: 'milestones',
      label: 'Milestones',
      input: 'textarea',
      placeholder: '100: coin 500\n300: gem 5, hint 2',
      help: 'One a line: points threshold, then item and amount pairs. Thresholds strictly ascending; fixed once the event has started.',
    },
    { key: 'pointRules', label: 'Points per action', input: 'text', placeholder: 'win_level: 10, daily_login: 5 (empty: the game sends points)' },
    { key: 'maxPointsPerSubmit', label: 'Most points in one submission', input: 'number', help: 'Anti-cheat: a larger submission is refused.' },
    { key: 'minLevel', label: 'Lowest player level', input: 'number', placeholder: '0 = any' },
    { key: 'minVersion', label: 'Lowest app version', input: 'text', placeholder: 'empty = any' },
    { key: 'countries', label: 'Countries', input: 'chips', placeholder: 'VN, US … (empty = all)' },
  ],
  initial: () => ({
    start: formatDateTime(nextHour()),
    end: formatDateTime(nextHour() + daysMs(7)),
    milestones: '100: coin 500\n300: gem 5\n600: frame_gold 1',
    pointRules: '',
    maxPointsPerSubmit: 1000,
    minLevel: 0,
    minVersion: '',
    countries: [],
    title: '',
    description: '',
  }),
  fixed: ofEditedRow('id', 'appId'),
  editable: (r) => r.status === 'scheduled' || r.status === 'live',
  createLabel: 'New progress event',
  empty: 'No progress event yet.',
  search: 'client',
  note: () => ({ text: 'Status follows the clock: scheduled until the start, live until the end. Players claim reached milestones up to 7 days after the end.', link: { label: 'Progress Dashboard', href: '/games/progress_event/dashboard' } }),
  toasts: toastsOf('Progress event'),
  rowActions: [
    {
      id: 'cancel',
      label: 'Cancel',
      icon: 'pi pi-ban',
      compact: true,
      severity: () => 'danger',
      contract: progressEventCancelContract,
      input: (r) => ({ id: r.id }),
      hidden: (r) => r.status !== 'scheduled' && r.status !== 'live',
      confirm: { header: 'Cancel progress event', message: (r) => `Cancel "${r.name}"? Players can no longer earn points or claim rewards; this cannot be undone.` },
      done: (r) => ({ severity: 'success', text: `Progress event ${r.name} cancelled` }),
    },
  ],
});
