import { OS_NAMES, type OsCode } from '../platform';
import { appColumn, appField, platformOrAllOptions } from '../resources/app-fields';
import { defineResource, ofEditedRow, toastsOf } from '../resources/define';
import { todayInReportZone } from '../ui/filters/date-range';
import { experimentDeleteContract, experimentListContract, experimentSaveContract, experimentStartContract, experimentStopContract, EXPERIMENT_ANALYSES, GUARDRAILS, type Experiment, type ExperimentAnalysis } from './contract';

const ANALYSIS_LABELS: Record<ExperimentAnalysis, string> = { fixed: 'Fixed horizon', sequential: 'Sequential (peek-safe)' };

/**
 * The A/B manager as a resource (src/lib/resources/define.ts): experiments of the apps the account sees,
 * with Start and Stop as row actions. Shared by browser and server.
 */

const statusSeverity = (s: string) => (s === 'running' ? 'success' : s === 'draft' ? 'info' : 'secondary');
const audienceText = (e: Experiment) =>
  [
    e.os ? OS_NAMES[e.os as OsCode] : 'All platforms',
    e.countries.length ? e.countries.join(', ') : 'all countries',
    e.minVersion ? `version ≥ ${e.minVersion}` : null,
    e.newPlayersOnly ? 'new players only' : null,
  ]
    .filter(Boolean)
    .join(' · ');

export const experimentsResource = defineResource({
  id: 'experiments',
  singular: 'experiment',
  contracts: { list: experimentListContract, save: experimentSaveContract, remove: experimentDeleteContract },
  rowLabel: (r) => r.name,
  columns: [
    { key: 'name', label: 'Experiment', hint: (r) => `#${r.id}`, sortable: true },
    appColumn,
    { key: 'variantSpec', label: 'Variants (first = control)', show: 'code' },
    { key: 'audience', label: 'Audience', value: audienceText },
    { key: 'analysis', label: 'Analysis', value: (r: Experiment) => ANALYSIS_LABELS[r.analysis] },
    { key: 'guardrails', label: 'Guardrails', value: (r: Experiment) => r.guardrails.join(', ') },
    { key: 'startDay', label: 'Start', show: 'day' },
    { key: 'endDay', label: 'End', show: 'day' },
    { key: 'status', label: 'Status', show: 'status', severity: statusSeverity, hint: (r) => `by ${r.updatedBy}` },
  ],
  form: [
    appField,
    { key: 'name', label: 'Name', input: 'text', placeholder: 'New tutorial' },
    { key: 'variantSpec', label: 'Variants', input: 'text', placeholder: 'control:50, B:50', help: 'key:weight, comma separated; the first is the control; weights sum to 100.' },
    { key: 'os', label: 'Platform', input: 'os', options: platformOrAllOptions },
    { key: 'countries', label: 'Countries', input: 'chips', placeholder: 'VN, US … (empty = all)' },
    { key: 'minVersion', label: 'Lowest app version', input: 'text', placeholder: 'empty = any' },
    { key: 'newPlayersOnly', label: 'New players only', input: 'checkbox', help: 'Only players created on or after the start day.' },
    {
      key: 'analysis',
      label: 'Analysis',
      input: 'select',
      options: EXPERIMENT_ANALYSES.map((a) => ({ label: ANALYSIS_LABELS[a], value: a })),
      help: 'Sequential: p-values and intervals that stay valid when the report is read every day. Fixed: valid once, at the sample size planned. Fixed once the experiment runs.',
    },
    {
      key: 'guardrails',
      label: 'Guardrails',
      input: 'chips',
      placeholder: 'D7, arpu … (empty = none)',
      help: `Figures the experiment must not make worse; the reports flag one a variant makes significantly worse. One of ${GUARDRAILS.join(', ')}.`,
    },
    { key: 'startDay', label: 'Start day', input: 'date' },
    { key: 'endDay', label: 'End day', input: 'date', help: 'Empty: runs until stopped.' },
  ],
  initial: () => ({ variantSpec: 'control:50, B:50', os: 0, countries: [], minVersion: '', newPlayersOnly: false, analysis: 'sequential', guardrails: [], startDay: todayInReportZone() }),
  fixed: ofEditedRow('id', 'appId'),
  editable: (r) => r.status !== 'stopped',
  removable: (r) => r.status === 'draft',
  createLabel: 'New experiment',
  empty: 'No experiment yet.',
  search: 'client',
  note: () => ({ text: 'Players are assigned by a hash of experiment and player; only players the game reports as exposed count in the A/B reports.', link: { label: 'A/B Retention Report', href: '/gsm/a_b_test/retention_report' } }),
  toasts: toastsOf('Experiment'),
  rowActions: [
    {
      id: 'start',
      label: 'Start',
      icon: 'pi pi-play',
      compact: true,
      contract: experimentStartContract,
      input: (r) => ({ id: r.id }),
      hidden: (r) => r.status !== 'draft',
      confirm: { header: 'Start experiment', message: (r) => `Start "${r.name}"? Its variants and weights are fixed once it runs.` },
      done: (r) => ({ severity: 'success', text: `Experiment ${r.name} started` }),
    },
    {
      id: 'stop',
      label: 'Stop',
      icon: 'pi pi-stop',
      compact: true,
      severity: () => 'danger',
      contract: experimentStopContract,
      input: (r) => ({ id: r.id }),
      hidden: (r) => r.status !== 'running',
      confirm: { header: 'Stop experiment', message: (r) => `Stop "${r.name}"? Players get no variant from then on; a stopped experiment cannot run again.` },
      done: (r) => ({ severity: 'success', text: `Experiment ${r.name} stopped` }),
    },
  ],
});
