import { Calendar } from 'primereact/calendar';
import { REPORT_TIME_ZONE_LABEL } from '../../lib/time/zone';
import { wallTimeDate, wallTimeText } from '../../lib/ui/date-time-text';

/**
 * A moment as every create form asks it: typed or picked as DD-MM-YYYY HH:mm (24 h) on the studio's clock,
 * the zone written beside it. The value in and out is the text the contracts take ('' when empty), so a form's
 * API does not change with the picker.
 */
export function DateTimePicker(props: { id: string; value: string; onChange: (text: string) => void; disabled?: boolean; invalid?: boolean; describedBy?: string; placeholder?: string }) {
  const { id, value, onChange, disabled, invalid, describedBy, placeholder } = props;
  return (
    <div className="p-inputgroup date-time-picker">
      <Calendar
        inputId={id}
        // Text typed so far stays as typed (keepInvalid): the calendar would otherwise clear the field at every
        // keystroke that is not yet a whole time. A text that never becomes one is sent, and refused, as typed.
        // (Its types admit only a Date; with keepInvalid it shows a string as it is.)
        value={(wallTimeDate(value) ?? (value || null)) as Date | null}
        keepInvalid
        // A phone's keyboard for typing (the calendar's default, "none", leaves only the panel).
        {...({ inputMode: 'text' } as object)}
        onChange={(e) => {
          // Typed: the text as typed until it is a whole DD-MM-YYYY HH:mm — the calendar already reads
          // "01-12-2026" as midnight and would rewrite the field before the time is typed.
          const typed = e.originalEvent?.type === 'input' ? (e.originalEvent.target as HTMLInputElement).value : null;
          if (typed !== null) onChange(wallTimeDate(typed) ? typed.trim() : typed);
          else onChange(e.value instanceof Date ? wallTimeText(e.value) : typeof e.value === 'string' ? e.value : '');
        }}
        dateFormat="dd-mm-yy"
        showTime
        hourFormat="24"
        // Minutes step by 1: with a step of 5, PrimeReact rounds a picked day's current time up (doStepMinute), and
        // a day picked at 23:56 became the next day at 00:00.
        stepMinute={1}
        showIcon
        // Typing does not open the calendar over the fields below; its button does.
        showOnFocus={false}
        showButtonBar
        disabled={disabled}
        placeholder={placeholder ?? 'DD-MM-YYYY HH:mm'}
        className={invalid ? 'p-invalid' : undefined}
        aria-describedby={describedBy}
      />
      <span className="p-inputgroup-addon" title="Times are on the studio's clock">{REPORT_TIME_ZONE_LABEL}</span>
    </div>
  );
}
