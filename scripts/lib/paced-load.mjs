// An open-loop load at an even rate, for the serving benches. autocannon's --overallRate is a quota per
// connection per second: each connection sends back to back until its share of the second is used, then waits
// for the next second, so "500 req/s" arrives as a burst of 500 at the start of every second and the latency
// measured is that burst's queue (on this machine /api/health alone showed p99 99 ms that way). Real clients
// arrive spread out; here request i is due at start + i/rate, and its latency is counted from when it was due,
// not from when a free connection sent it (no coordinated omission: a stalled server shows in the figures).
import http from 'node:http';

/**
 * Sends `rate` requests per second for `seconds` seconds over at most `connections` keep-alive connections.
 * `next(i)` answers { path, method?, headers?, body? } for request i. Resolves with the count, statuses,
 * latency percentiles (ms, from the due time), the answers slower than `slowMs` and the rate achieved.
 */
export function pacedLoad(base, { rate, seconds, connections = 64, slowMs = 10_000, next }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies = [];
  const statuses = {};
  let sent = 0;
  let answered = 0;
  let errors = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      const elapsed = (performance.now() - start) / 1000;
      latencies.sort((a, b) => a - b);
      const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
      resolve({ requests: answered, errors, statuses, rps: answered / elapsed, p50: pct(50), p95: pct(95), p99: pct(99), max: latencies.at(-1) ?? NaN, slow: latencies.filter((ms) => ms > slowMs).length });
    };
    const fire = (i) => {
      const due = start + (i * 1000) / rate;
      const { path, method = 'GET', headers = {}, body } = next(i);
      const req = http.request({ host: url.hostname, port: url.port, path, method, agent, headers: body ? { 'content-type': 'application/json', ...headers } : headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (++answered + errors === total) finish();
        });
      });
      req.on('error', () => {
        if (answered + ++errors === total) finish();
      });
      req.end(body ? JSON.stringify(body) : undefined);
    };
    // A 1 ms tick sends every request that has fallen due (timers are not precise enough for one each).
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      while (sent < due) fire(sent++);
      if (sent >= total) clearInterval(timer);
    }, 1);
  });
}
