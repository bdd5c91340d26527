/** What a report answer says besides its figures: pending rollups and an empty selection. */
export default function ReportNotes({ pending, apps, loading }: { pending: number; apps: number; loading: boolean }) {
  return (
    <>
      {loading && <span className="report-loading" role="status">Loading…</span>}
      {!loading && apps === 0 && <p className="report-note">No app matches: pick apps you may see.</p>}
      {!loading && pending > 0 && (
        <p className="report-note" role="status">
          Events of {pending} app-day{pending === 1 ? '' : 's'} are still being rolled up: these figures may grow in a minute.
        </p>
      )}
    </>
  );
}
