import '../prime';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { parseNumberInput } from './number';

export interface NumberInputProps {
  value: number | null;
  onChange: (value: number | null) => void;
  placeholder?: string;
  inputId?: string;
  className?: string;
  ariaLabel?: string;
}

/** Number input that accepts "1,234,567" (commas stripped) and hands over a number, or null when empty. */
export default function NumberInput({ value, onChange, placeholder, inputId, className, ariaLabel }: NumberInputProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => {
    if (parseNumberInput(text) !== value) setText(value === null ? '' : String(value));
    // Only outside changes rewrite the text; typing "1," must not be rewritten to "1".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const invalid = text.trim() !== '' && parseNumberInput(text) === null;
  return (
    <InputText
      id={inputId}
      className={`${className ?? ''} ${invalid ? 'p-invalid' : ''}`}
      inputMode="decimal"
      value={text}
      placeholder={placeholder}
      aria-label={ariaLabel ?? placeholder}
      aria-invalid={invalid}
      onChange={(e) => {
        setText(e.target.value);
        const parsed = parseNumberInput(e.target.value);
        if (parsed !== null || e.target.value.trim() === '') onChange(parsed);
      }}
    />
  );
}
