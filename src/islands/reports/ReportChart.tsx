import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { ChartSpec } from '../../lib/reports/define';
import { chartMarksPlugin, type ChartMark } from './chart-marks';

ChartJS.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);

export type ChartProps = ChartSpec & {
  height?: number;
  marks?: ChartMark[];
  /** On a chart of one label per day (ReportScreen decides), the index of today: drawn dashed and labelled "so far". */
  partialIndex?: number;
};

/**
 * A line/bar chart of report series over labels; loaded lazily (chart.js is the heaviest part of a report).
 * Over categories (levels) every series is drawn as bars: a line between levels would suggest values
 * between them. Day charts draw the chart annotations of the apps in view (`marks`) as vertical lines, and
 * today's point, whose figures are still arriving, as a dashed last step labelled "so far" (a line falling
 * to today's few hours read as a collapse).
 */
export default function ReportChart({ x, labels, series, leftTitle, rightTitle, height = 280, marks = [], partialIndex }: ChartProps) {
  const data: ChartData<'bar' | 'line', (number | null)[], string> = {
    labels: partialIndex === undefined ? labels : labels.map((label, i) => (i === partialIndex ? `${label} (so far)` : label)),
    datasets: series.map((s) => ({
      type: x === 'category' ? 'bar' : (s.type ?? 'line'),
      label: s.label,
      data: s.data,
      borderColor: s.color,
      backgroundColor: s.type === 'bar' || x === 'category' ? `${s.color}99` : s.color,
      yAxisID: s.right ? 'right' : 'left',
      tension: 0.25,
      pointRadius: labels.length > 45 ? 0 : 2,
      spanGaps: false,
      order: s.type === 'bar' ? 2 : 1,
      ...(partialIndex === undefined ? {} : { segment: { borderDash: (ctx: { p1DataIndex: number }) => (ctx.p1DataIndex >= partialIndex ? [6, 4] : undefined) } }),
    })),
  };
  const hasRight = series.some((s) => s.right);
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: { legend: { position: 'bottom' }, ...({ gsmMarks: { marks: x === 'day' ? marks : [] } } as object) },
    scales: {
      left: { type: 'linear', position: 'left', beginAtZero: true, title: { display: Boolean(leftTitle), text: leftTitle ?? '' } },
      ...(hasRight ? { right: { type: 'linear' as const, position: 'right' as const, beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: Boolean(rightTitle), text: rightTitle ?? '' } } } : {}),
    },
  };
  return (
    <div className="report-chart" style={{ height }} data-testid="report-chart" data-marks={x === 'day' ? marks.length : 0} data-partial={partialIndex ?? ''}>
      {/* Chart.js types a plugin by chart type; ours draws on any (its hooks read no type-specific option). */}
      <Chart type="bar" role="img" aria-label={chartLabel(series, labels.length)} data={data as ChartData<'bar', (number | null)[], string>} options={options as ChartOptions<'bar'>} plugins={[chartMarksPlugin as never]} />
    </div>
  );
}

/** The chart's name for screen readers: what it draws; the figures themselves are in the table below it. */
function chartLabel(series: ChartSpec['series'], points: number): string {
  return `Chart of ${series.map((s) => s.label).join(', ') || 'no series'} over ${points} points; the same figures are in the table.`;
}
