import './filters.css';

/** A filter with its visible label above it (every filter of the console is labelled the same way). */
export default function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="filter-field">
      <span className="filter-label">{label}</span>
      {children}
    </div>
  );
}
