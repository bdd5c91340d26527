import { lazy, Suspense } from 'react';
import type { Series } from './ReportChart';

const ReportChart = lazy(() => import('./ReportChart'));

/** The chart, loaded on first render of a report (chart.js stays out of the page's initial JavaScript). */
export default function LazyChart(props: { labels: string[]; series: Series[]; leftTitle?: string; rightTitle?: string; height?: number }) {
  return (
    <Suspense fallback={<div className="report-chart chart-loading" style={{ height: props.height ?? 280 }}>Loading chart…</div>}>
      <ReportChart {...props} />
    </Suspense>
  );
}
export type { Series };
