#!/usr/bin/env node
// Runs a command with the console's clock shifted to a chosen instant (a test input, never production):
//   node scripts/test-at.mjs 2026-11-30T23:55:00+07:00 npm run test:api
// The offset is computed once here and inherited by every process the command starts (test runners,
// servers under test and, through the page head, the browser), so all of them agree on "now" while
// time keeps flowing from that instant.
import { spawnSync } from 'node:child_process';

const [at, ...command] = process.argv.slice(2);
const target = Date.parse(at ?? '');
if (!at || !Number.isFinite(target) || command.length === 0) {
  console.error('usage: node scripts/test-at.mjs <ISO instant with offset> <command…>');
  process.exit(2);
}
const offset = target - Date.now();
console.log(`[test-at] the clock reads ${new Date(target).toISOString()} (offset ${offset} ms): ${command.join(' ')}`);
const run = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, GSM_CLOCK_OFFSET_MS: String(offset) } });
process.exit(run.status ?? 1);
