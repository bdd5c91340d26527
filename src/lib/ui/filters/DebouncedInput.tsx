import '../prime';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useRef, useState } from 'react';
import { debounce, TEXT_DEBOUNCE_MS } from './debounce';

export interface DebouncedInputProps {
  value: string;
  /** Called 300 ms after the last keystroke (at once on Enter). */
  onChange: (value: string) => void;
  placeholder?: string;
  inputId?: string;
  className?: string;
  ariaLabel?: string;
  delay?: number;
}

/** Text input that applies what was typed after a 300 ms pause. */
export default function DebouncedInput({ value, onChange, placeholder, inputId, className, ariaLabel, delay = TEXT_DEBOUNCE_MS }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  const apply = useMemo(() => debounce((v: string) => latest.current(v), delay), [delay]);
  useEffect(() => () => apply.cancel(), [apply]);
  useEffect(() => setText(value), [value]);
  return (
    <InputText
      id={inputId}
      className={className}
      value={text}
      placeholder={placeholder}
      aria-label={ariaLabel ?? placeholder}
      onChange={(e) => {
        setText(e.target.value);
        apply(e.target.value);
      }}
      onKeyDown={(e) => e.key === 'Enter' && apply.flush()}
    />
  );
}
