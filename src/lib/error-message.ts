/**
 * The message of anything thrown, as a person reads it: an Error's message, else its text (a worker, a
 * library or a rejected promise may throw a string). One rule for every screen, job and service.
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
