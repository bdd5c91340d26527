import '../prime';
import Dropdown from './LazyDropdown';
import { osOptions, type OsFilterValue } from './os-options';
import './filters.css';

export interface OsSelectProps {
  value: OsFilterValue;
  onChange: (value: OsFilterValue) => void;
  /** Offer ALL (0); default true. */
  withAll?: boolean;
  inputId?: string;
  className?: string;
}

/** OS select: ALL (0), Android (1), Ios (2), WebGL (3). */
export default function OsSelect({ value, onChange, withAll = true, inputId, className }: OsSelectProps) {
  return (
    <Dropdown
      inputId={inputId}
      className={`filter-os ${className ?? ''}`}
      value={value}
      options={osOptions({ withAll })}
      optionLabel="title"
      optionValue="value"
      onChange={(e) => onChange(e.value as OsFilterValue)}
      aria-label="OS"
    />
  );
}
