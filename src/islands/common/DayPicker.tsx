import { Calendar } from 'primereact/calendar';
import { useId } from 'react';
import { dayToLocalDate, localDateToDay } from '../../lib/ui/filters/date-range';

/**
 * One day, shown and typed as DD-MM-YYYY (the console's one day format) whatever the browser's locale — a native
 * date input would show the locale's mm/dd/yyyy. The value in and out is the ISO day (YYYY-MM-DD).
 * Put it inside a <label> (or give `label`) so it has a name.
 */
export function DayPicker({ value, onChange, max, label }: { value: string; onChange: (day: string) => void; max?: string; label?: string }) {
  const id = useId();
  const picker = (
    <Calendar
      inputId={label ? id : undefined}
      value={value ? dayToLocalDate(value) : null}
      onChange={(e) => e.value instanceof Date && onChange(localDateToDay(e.value))}
      dateFormat="dd-mm-yy"
      maxDate={max ? dayToLocalDate(max) : undefined}
      showIcon
      className="day-picker"
    />
  );
  if (!label) return picker;
  // The input's own name (the Calendar does not pass aria-label to it); hidden, the screen shows its context.
  return (
    <>
      <label htmlFor={id} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {label}
      </label>
      {picker}
    </>
  );
}
