import '../prime';
import './filters.css';
import type { Calendar as CalendarType } from 'primereact/calendar';
import { CalendarIcon } from 'primereact/icons/calendar';
import { useId, useRef, useState } from 'react';
import { formatDay } from '../../time/format';
import { DATE_RANGE_WIDTH_PX, DATE_SHORTCUTS, dayToLocalDate, localDateToDay, shortcutRange, type DateRange } from './date-range';

// PrimeReact's Calendar (~16 KB compressed) loads when the picker is first reached for, not with the page
// (issue 41, a light first visit): until then the picker is the closed Calendar's own markup, drawn here.
// Held in state rather than React.lazy: a Suspense boundary in the server's HTML may be streamed apart with an
// inline script, which the Content-Security-Policy refuses.
type CalendarComponent = typeof CalendarType;
const loadCalendar = () => import('primereact/calendar').then((m) => m.Calendar);

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
  const calendar = useRef<CalendarType<'range', Date[]> | null>(null);
  const [draft, setDraft] = useState<(Date | null)[] | null>(null);
  // The look-alike until reached for, then the Calendar (focused once it mounts, which opens it).
  const [Calendar, setCalendar] = useState<CalendarComponent | null>(null);
  const focusOnLoad = useRef(false);
  // The look-alike names a panel as the Calendar's input does (a closed combobox's panel need not exist yet).
  const panelId = `${useId()}_panel`;
  const dates = draft ?? (value ? [dayToLocalDate(value.from), dayToLocalDate(value.to)] : null);
  const placeholder = clearable ? 'Any time' : 'Date range';

  const wake = () => {
    if (Calendar || focusOnLoad.current) return;
    focusOnLoad.current = true;
    void loadCalendar().then((component) => setCalendar(() => component));
  };
  // Reached for before its code was there: the Calendar takes the focus when it mounts, which opens it as
  // the click or the Tab into the look-alike would have (unless the focus went elsewhere meanwhile).
  const attach = (instance: CalendarType<'range', Date[]> | null) => {
    calendar.current = instance;
    if (!instance || !focusOnLoad.current) return;
    focusOnLoad.current = false;
    // After the commit that mounted it (a focus moved while React commits does not reach the Calendar's handler).
    setTimeout(() => instance.getElement()?.querySelector('input')?.focus());
  };

  const apply = (range: DateRange | null) => {
    setDraft(null);
    onChange(range);
  };
  const close = (range: DateRange | null) => {
    apply(range);
    calendar.current?.hide();
  };

  const closed = (
    <span
      className={`filter-date-range ${className ?? ''} p-calendar p-component p-inputwrapper p-calendar-w-btn p-calendar-w-btn-right${value ? ' p-inputwrapper-filled' : ''}`}
      style={{ width: DATE_RANGE_WIDTH_PX }}
      aria-label="Date range"
    >
      <input
        id={inputId}
        className="p-inputtext p-component"
        autoComplete="off"
        type="text"
        role="combobox"
        readOnly
        placeholder={placeholder}
        aria-expanded="false"
        aria-autocomplete="none"
        aria-haspopup="dialog"
        aria-controls={panelId}
        inputMode="none"
        value={value ? `${formatDay(value.from)} - ${formatDay(value.to)}` : ''}
        onFocus={wake}
        onPointerDown={wake}
        onBlur={(event) => {
          if (event.relatedTarget) focusOnLoad.current = false;
        }}
      />
      <button aria-label="Choose Date" className="p-datepicker-trigger p-button p-component p-button-icon-only" type="button" tabIndex={-1} aria-haspopup="dialog" aria-expanded="false" onClick={wake}>
        <CalendarIcon />
        <span className="p-button-label p-c">&nbsp;</span>
      </button>
    </span>
  );
  if (!Calendar) return closed;
  return (
    <Calendar
      ref={attach}
      inputId={inputId}
      className={`filter-date-range ${className ?? ''}`}
      style={{ width: DATE_RANGE_WIDTH_PX }}
      value={dates as Date[] | null}
      selectionMode="range"
      readOnlyInput
      dateFormat="dd-mm-yy"
      placeholder={placeholder}
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
