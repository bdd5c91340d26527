import { lazy, Suspense, useEffect, useState } from 'react';
import type { ChartProps } from './ReportChart';

const ReportChart = lazy(() => import('./ReportChart'));

/**
 * The chart, loaded on first render of a report (chart.js stays out of the page's initial JavaScript).
 * The server and the hydrating render show the placeholder only: a canvas has nothing to render on the
 * server, and a Suspense boundary resolved while streaming makes React emit inline scripts, which the
 * page's Content-Security-Policy refuses (docs/security.md, "CSP").
 */
export default function LazyChart(props: ChartProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = <div className="report-chart chart-loading" style={{ height: props.height ?? 280 }}>Loading chart…</div>;
  if (!mounted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ReportChart {...props} />
    </Suspense>
  );
}
