/** CSV and Excel downloads of the report the screen shows (hidden without the export_report permission). */
export default function ExportButtons({ path, query, allowed }: { path: string; query: string; allowed: boolean }) {
  if (!allowed) return null;
  const href = (format: 'csv' | 'xlsx') => `${path}?${query}${query ? '&' : ''}format=${format}`;
  return (
    <span className="export-buttons">
      <a className="p-button p-button-outlined p-button-sm" href={href('csv')} download data-testid="export-csv">
        <i className="pi pi-download" aria-hidden="true" />&nbsp;CSV
      </a>
      <a className="p-button p-button-outlined p-button-sm" href={href('xlsx')} download data-testid="export-xlsx">
        <i className="pi pi-file-excel" aria-hidden="true" />&nbsp;Excel
      </a>
    </span>
  );
}
