import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Admission: at most `limit` requests inside the app at once; the others wait their turn in the order they
 * arrived.
 *
 * Without it every request that arrives starts at once and they all share one thread: each page's
 * statements, renders and compressed chunks queue behind everyone else's, so under a crowd a dashboard took
 * five times an API call (200 sessions back to back on the embedded database: p50 650 ms, p99 1.2 s, 292
 * requests/s) and the machine spent its time switching between them. With 8 inside, each request finishes
 * in a few milliseconds once admitted and the wait is one queue in arrival order (same load: p99 475 ms,
 * 490 requests/s; PostgreSQL p99 745 → 443 ms). docs/performance.md has the runs.
 *
 * A request that waits on something slow outside the console (a store's verification, an upload from a slow
 * client) would hold its place: after `lendAfterMs` inside, its place is lent to the next in line, so the
 * console never stalls behind a few slow requests for longer than that. `/api/health` never waits: a
 * load balancer's probe must see a live process even when it is busy.
 */
export function createAdmission({ limit, lendAfterMs }: { limit: number; lendAfterMs: number }) {
  let inside = 0;
  const line: Array<{ start: () => void; gone: boolean }> = [];

  function next() {
    for (let turn = line.shift(); turn; turn = line.shift()) {
      if (!turn.gone) return turn.start();
    }
    inside--;
  }

  return {
    /** How many are inside and how many wait (read by the tests). */
    get state() {
      return { inside, waiting: line.filter((t) => !t.gone).length };
    },
    admit(req: IncomingMessage, res: ServerResponse, start: () => void): void {
      if (limit <= 0 || req.url === '/api/health' || req.url?.startsWith('/api/health?')) return start();
      const enter = () => {
        let left = false;
        const lend = setTimeout(() => {
          left = true;
          next();
        }, lendAfterMs);
        lend.unref();
        res.once('close', () => {
          clearTimeout(lend);
          if (!left) next();
          left = true;
        });
        start();
      };
      if (inside < limit) {
        inside++;
        return enter();
      }
      const turn = { start: enter, gone: false };
      line.push(turn);
      // A client that gives up while waiting leaves the line.
      res.once('close', () => {
        turn.gone = true;
      });
    },
  };
}
