import { lazy, Suspense } from 'react';
import type { ChartSpec } from '../../lib/reports/define';
import type { ChartMark } from './chart-marks';

const ReportChart = lazy(() => import('./ReportChart'));

/** The chart, loaded on first render of a report (chart.js stays out of the page's initial JavaScript). */
export default function LazyChart(props: ChartSpec & { height?: number; marks?: ChartMark[] }) {
  return (
    <Suspense fallback={<div className="report-chart chart-loading" style={{ height: props.height ?? 280 }}>Loading chart…</div>}>
      <ReportChart {...props} />
    </Suspense>
  );
}
