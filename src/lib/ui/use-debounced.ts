import { useEffect, useState } from 'react';

/** Text input debounce: 300 ms (spec section 9). */
export const TEXT_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms = TEXT_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
