import { use } from 'react';
import { loadedReport, loadReport, type ReportModule } from '../../app/report-modules';
import ReportView, { type ReportScreenProps } from './ReportView';

export interface ReportIslandProps extends ReportScreenProps {
  /** The descriptor's id (the route table names it as `report:<id>`). */
  reportId: string;
  /** The module that defines it (src/app/report-modules.ts): the browser loads that one alone. */
  module: ReportModule;
}

/**
 * The report screen's island: the generic screen (./ReportView.tsx) with the descriptor of its report,
 * loaded on its own rather than with every area's (issue 41). The server has loaded it before rendering
 * (ReportPage.astro), so the page's HTML is the whole screen. The browser fetches the descriptor's module
 * while hydrating: the root suspends on it and React keeps the server's HTML until it is there. No Suspense
 * boundary on purpose: React may stream a boundary's content apart with an inline script to put it in
 * place, which the page's Content-Security-Policy refuses (docs/security.md, "CSP").
 */
export default function ReportScreen({ reportId, module, ...props }: ReportIslandProps) {
  // Already loaded on the server (and after the first hydration): no suspension.
  const descriptor = loadedReport(module, reportId) ?? use(loadReport(module, reportId));
  return <ReportView descriptor={descriptor} {...props} />;
}
