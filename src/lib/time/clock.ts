/**
 * The console's one clock: every "now" that decides a reporting day (report ranges, the simulated studio,
 * ingestion's clamp, rollups, the dashboard, the date-picker shortcuts) comes from here, so tests can run
 * the whole system at 23:55 or on a month's last day.
 *
 * The shift is a test input only: `GSM_CLOCK_OFFSET_MS` in the environment of the server and of the test
 * processes (set by `scripts/test-at.mjs`, which computes it once so every process agrees), and the
 * server's own "now" handed to the browser in the page head. A production server refuses to start with it
 * (see `assertNoTestClock`). Timestamps the database writes itself (`now()` in SQL) stay the database's.
 */
const META_NAME = 'gsm-server-now';
let offsetMs: number | null = null;

function readOffset(): number {
  if (typeof document !== 'undefined') {
    // In the browser: the server's "now" at render time; the difference also corrects a skewed device clock.
    const content = document.querySelector(`meta[name="${META_NAME}"]`)?.getAttribute('content');
    const serverNow = Number(content);
    return content && Number.isFinite(serverNow) ? serverNow - Date.now() : 0;
  }
  const value = typeof process !== 'undefined' ? process.env.GSM_CLOCK_OFFSET_MS : undefined;
  const offset = Number(value ?? 0);
  return Number.isFinite(offset) ? offset : 0;
}

/** Milliseconds since the epoch, as the console's clock reads them. */
export function nowMs(): number {
  offsetMs ??= readOffset();
  return Date.now() + offsetMs;
}

/** The head tag that hands the server's "now" to the browser. */
export const serverNowMeta = () => ({ name: META_NAME, content: String(nowMs()) });

/** True when this process runs on a shifted test clock. */
export function testClockActive(): boolean {
  return typeof process !== 'undefined' && Number(process.env.GSM_CLOCK_OFFSET_MS ?? 0) !== 0;
}

/** Tests that change the environment in one process forget the cached reading with this. */
export function resetClock(): void {
  offsetMs = null;
}
