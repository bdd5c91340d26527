import { exportUrl } from './use-report';

/** CSV and Excel downloads of the report the screen shows (hidden without the export_report permission). */
export default function ExportButtons({ path, input, allowed }: { path: string; input: Record<string, unknown>; allowed: boolean }) {
  if (!allowed) return null;
  return (
    <span className="export-buttons">
      <a className="p-button p-button-outlined p-button-sm" href={exportUrl(path, input, 'csv')} download data-testid="export-csv">
        <i className="pi pi-download" aria-hidden="true" />&nbsp;CSV
      </a>
      <a className="p-button p-button-outlined p-button-sm" href={exportUrl(path, input, 'xlsx')} download data-testid="export-xlsx">
        <i className="pi pi-file-excel" aria-hidden="true" />&nbsp;Excel
      </a>
    </span>
  );
}
