import '../prime';
import './filters.css';
import { Calendar } from 'primereact/calendar';
import { useRef, useState } from 'react';
import { DATE_RANGE_WIDTH_PX, DATE_SHORTCUTS, dayToLocalDate, localDateToDay, shortcutRange, type DateRange } from './date-range';

export interface DateRangePickerProps {
  value: DateRange | null;
  onChange: (range: DateRange | null) => void;
  /** Offer "Any time" (no range) besides the shortcuts. */
  clearable?: boolean;
  inputId?: string;
  className?: string;
}

/** Date-range picker (240 px) with shortcuts; days are those of the reporting time zone (UTC+7). */
export default function DateRangePicker({ value, onChange, clearable = false, inputId, className }: DateRangePickerProps) {
  const calendar = useRef<Calendar>(null);
  const [draft, setDraft] = useState<(Date | null)[] | null>(null);
  const dates = draft ?? (value ? [dayToLocalDate(value.from), dayToLocalDate(value.to)] : null);

  const apply = (range: DateRange | null) => {
    setDraft(null);
    onChange(range);
  };
  const close = (range: DateRange | null) => {
    apply(range);
    calendar.current?.hide();
  };

  return (
    <Calendar
      ref={calendar}
      inputId={inputId}
      className={`filter-date-range ${className ?? ''}`}
      style={{ width: DATE_RANGE_WIDTH_PX }}
      value={dates as Date[] | null}
      selectionMode="range"
      readOnlyInput
      dateFormat="dd-mm-yy"
      placeholder={clearable ? 'Any time' : 'Date range'}
      showIcon
      hideOnRangeSelection
      aria-label="Date range"
      onChange={(e) => {
        const [from, to] = (e.value ?? []) as (Date | null)[];
        if (from && to) apply({ from: localDateToDay(from), to: localDateToDay(to) });
        else setDraft([from ?? null, null]);
      }}
      onHide={() => {
        // A range left with only its start is that single day.
        if (draft?.[0] && !draft[1]) apply({ from: localDateToDay(draft[0]), to: localDateToDay(draft[0]) });
      }}
      footerTemplate={() => (
        <div className="date-shortcuts" role="group" aria-label="Shortcuts">
          {DATE_SHORTCUTS.map((s) => (
            <button key={s.key} type="button" className="p-button p-button-text p-button-sm" onClick={() => close(shortcutRange(s.key))}>
              {s.label}
            </button>
          ))}
          {clearable && (
            <button type="button" className="p-button p-button-text p-button-sm p-button-secondary" onClick={() => close(null)}>
              Any time
            </button>
          )}
        </div>
      )}
    />
  );
}
