#!/usr/bin/env node
// `npm run bench:events:scale -- --from /tmp/bench-events-chdb.json --times 10`: a larger chdb store for bench:events
// to time its reads on, without sending every event through the SDK endpoint again (at the 13,800 events/s measured
// there, 100 M events would take two hours of a two-core machine). Copies the run's kept data directory, then
// inserts the events it holds --times − 1 more times inside the store, each copy under other player, event and
// store transaction ids ("<id>~<copy>"): a studio with --times as many players, each copy playing as the players it
// copies, on the same days. Every read then has --times as many rows and groups to go through; what the copies
// cannot give is new behaviour (the same levels, funnels and prices). Waits for the store's merges to settle, as a
// store that has been running would be, and writes a result for `npm run bench:events -- --retime <that result>`:
// the same ingestion measures (the SDK endpoint's rate was measured on the events sent), the events and players
// counted with the copies, the bytes on disk per event after the merges.
//   npm run bench:events:scale -- --from FILE [--times 10] [--settle-minutes 20]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'chdb';
import { parseArgs } from './lib/studio-client.mjs';

const args = parseArgs(process.argv.slice(2), { from: '', times: 10, settleMinutes: 20 });
if (!args.from) throw new Error('--from: expected the result file of a bench:events run on chdb with --keep (or of its --retime)');
const times = Number(args.times);
if (!Number.isInteger(times) || times < 2 || times > 100) throw new Error(`--times ${args.times}: expected a whole number from 2 to 100`);
const earlier = JSON.parse(readFileSync(args.from, 'utf8'));
if (earlier.store !== 'chdb' || !earlier.dataDir) throw new Error(`${args.from}: expected a kept chdb run (its dataDir)`);
if (earlier.copies) throw new Error(`${args.from} already holds copies; scale the run it was made from`);
const log = (...a) => console.log(`[bench:events:scale] ${new Date().toISOString().slice(11, 19)}`, ...a);
const duBytes = (dir) => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);

const dataDir = mkdtempSync(join(tmpdir(), 'gsm-bench-scaled-'));
log(`copying ${earlier.dataDir} to ${dataDir}`);
execFileSync('cp', ['-a', `${earlier.dataDir}/.`, dataDir]);
const session = new Session(`${dataDir}/chdb`);
const one = (sql) => JSON.parse(session.query(sql, 'JSONEachRow').toString().trim().split('\n')[0] ?? '{}');
const stored = Number(one('SELECT count() AS n FROM gsm.events').n);
log(`${stored.toLocaleString('en-US')} events stored; making ${times - 1} copies`);

// Every column the table stores (the materialized ones are computed again from params).
const columns = ['app_id', 'day', 'name', 'user_id', 'event_id', 'sent_day', 'os', 'event_time', 'received_at', 'app_version', 'sdk_version', 'country', 'flags', 'device_time', 'params'];
const started = performance.now();
for (let copy = 1; copy < times; copy++) {
  const tag = `~${copy}`;
  const renamed = {
    user_id: `concat(user_id, '${tag}')`,
    event_id: `concat(event_id, '${tag}')`,
    // A store transaction is counted once however many events report it: each copy's purchases are its own.
    params: `replaceRegexpOne(params, '"transactionId":"([^"]*)"', '"transactionId":"\\\\1${tag}"')`,
  };
  const t = performance.now();
  session.query(
    `INSERT INTO gsm.events (${columns.join(', ')}) SELECT ${columns.map((c) => renamed[c] ?? c).join(', ')} FROM gsm.events WHERE position(event_id, '~') = 0`,
  );
  log(`copy ${copy}: ${((performance.now() - t) / 1000).toFixed(0)} s`);
}
const copySeconds = (performance.now() - started) / 1000;
const total = Number(one('SELECT count() AS n FROM gsm.events').n);
if (total !== stored * times) throw new Error(`expected ${stored * times} events after the copies, found ${total}`);

// Merges run in the background while the store is open: wait until none has run for a minute (or the limit).
const settleUntil = Date.now() + Number(args.settleMinutes) * 60_000;
let quietSince = Date.now();
for (;;) {
  const { merges, parts } = one(`SELECT (SELECT count() FROM system.merges) AS merges, (SELECT count() FROM system.parts WHERE database = 'gsm' AND table = 'events' AND active) AS parts`);
  if (Number(merges) > 0) quietSince = Date.now();
  if (Date.now() - quietSince > 60_000 || Date.now() > settleUntil) {
    log(`merges settled: ${parts} parts`);
    break;
  }
  await new Promise((r) => setTimeout(r, 5000));
}
session.cleanup?.();
const bytes = duBytes(`${dataDir}/chdb`);
const result = {
  ...earlier,
  dataDir,
  copies: times,
  copySeconds,
  bytesText: `${(bytes / total).toFixed(0)} after the merges (${(bytes / 2 ** 30).toFixed(2)} GiB for ${total.toLocaleString('en-US')} events)`,
  ingestedBy: `${earlier.ingestedBy ?? earlier.line} Then \`npm run bench:events:scale -- --from ${args.from} --times ${times}\`: the ${stored.toLocaleString('en-US')} events stored copied ${times - 1} times inside the store under other player, event and transaction ids (${copySeconds.toFixed(0)} s), merges settled.`,
};
delete result.retimed;
delete result.line;
delete result.times;
const out = args.from.replace(/(-retimed)?\.json$/, `-x${times}.json`);
writeFileSync(out, JSON.stringify(result, null, 2));
log(`wrote ${out}: ${total.toLocaleString('en-US')} events, ${(bytes / total).toFixed(1)} bytes each; time the reads with npm run bench:events -- --retime ${out}`);
