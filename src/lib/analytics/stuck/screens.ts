import { z } from 'zod';
import { numberFromText } from '../../contract';
import { defineReport, seriesOf } from '../../reports/define';
import { linesTable } from '../../reports/table';
import { STUCK_COLUMNS, stuckScore } from './metrics';
import { INACTIVE_DAY_CHOICES, stuckLevelRow } from './rows';

/**
 * Stuck Game (/gsm/stuck_game): per main level of the selected app, the players who reached it in the
 * range, those stuck there (it is their highest level and they have not played for N days), fail rate,
 * attempts and time to pass, and the stuck score that ranks the levels (sort the table by it). The SQL is
 * in ./reports.ts, attached in ./service.ts.
 */
export const stuckGameScreen = defineReport({
  id: 'stuckGame',
  route: '/gsm/stuck_game',
  appMode: 'single',
  extra: { inactiveDays: numberFromText(z.number().int().min(1).max(90).default(3)) },
  controls: [{ key: 'inactiveDays', label: 'Not played for', options: INACTIVE_DAY_CHOICES.map((n) => ({ label: `${n} day${n === 1 ? '' : 's'}`, value: n })) }],
  figures: { inactiveDays: z.number(), levels: z.array(stuckLevelRow) },
  noun: 'level plays',
  isEmpty: (answer) => answer.levels.length === 0,
  table: (answer) => linesTable({ name: 'Stuck Game', key: { label: 'Level', value: (r) => r.level }, columns: STUCK_COLUMNS, rows: answer.levels, total: false, sortable: true }),
  chart: (answer) => ({
    x: 'category',
    labels: answer.levels.map((l) => String(l.level)),
    leftTitle: 'Players',
    rightTitle: 'Stuck score',
    series: seriesOf(answer.levels, [
      { label: 'Stuck players', value: 'stuck', color: 'red' },
      { label: 'Stuck score', value: stuckScore, right: true, color: 'blue' },
    ]),
  }),
});

export const stuckReports = [stuckGameScreen];
