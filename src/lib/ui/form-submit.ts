import type { FormEvent } from 'react';

/**
 * A form's onSubmit (Enter in a field, or its submit button): stops the browser's own submit, a page load,
 * and runs `act` instead. `ready` is for forms whose submit button is disabled until they are complete: the
 * handler keeps the same guard, so no path submits an incomplete form. `act` reports its own failures.
 */
export function submitWith(act: () => unknown, ready = true) {
  return (event: FormEvent) => {
    event.preventDefault();
    if (ready) void act();
  };
}
