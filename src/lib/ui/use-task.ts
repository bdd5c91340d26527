import { useCallback, useState } from 'react';
import { messageOf } from '../error-message';

/**
 * The work behind a form's button: `busy` while it runs (the button shows it, and the screen can refuse a
 * second start), and the failure's message kept for the screen to show under the form until the next try.
 * `read` turns a failure into that message: `serverMessageOf` where the server's message names a field.
 * Every island had this written out (busy, problem, try/catch/finally), each a little differently.
 */
export function useTask(read: (error: unknown) => string = messageOf) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  /** Runs the work and answers what it answered; undefined when it failed (its message is then the problem). */
  const run = useCallback(
    async <T>(work: () => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      setProblem('');
      try {
        return await work();
      } catch (error) {
        setProblem(read(error));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [read],
  );
  return { busy, problem, setProblem, run };
}
