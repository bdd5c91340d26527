// The benchmark scripts' share of docs/performance.md: each script owns the text between its marker
// comments (`<!-- bench:NAME:start -->` … `<!-- bench:NAME:end -->`) and rewrites it only with --write-doc,
// so every figure in those blocks is one the script measured in the run that wrote it.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

/** The machine a run measured: date (UTC), cores, memory, Node, load average at the start. */
export function machine() {
  const model = cpus()[0]?.model?.trim() || 'unknown CPU';
  return {
    date: new Date().toISOString().slice(0, 10),
    cores: availableParallelism(),
    model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    load: loadavg()[0].toFixed(1),
  };
}

export const machineLine = (m, note) =>
  `Measured ${m.date} on ${m.cores} cores (${m.model}), ${m.memoryGiB} GiB, Node ${m.node}; load average ${m.load} at the start` + (note ? ` (${note})` : '') + '.';

/** Replaces the block between the markers of `name` in docs/performance.md; fails when they are missing. */
export function writeDocBlock(root, name, body) {
  const file = join(root, 'docs/performance.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = readFileSync(file, 'utf8');
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`docs/performance.md has no ${start} … ${end} block`);
  const note = `<!-- written by scripts/bench-${name.replace(/-embedded$/, "")}.mjs --write-doc; do not edit by hand -->`;
  writeFileSync(file, `${text.slice(0, i + start.length)}\n${note}\n${body.trim()}\n${text.slice(j)}`);
  return file;
}

/** A Markdown table from a header row and rows of cells. */
export function table(header, rows) {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---|').join('')}`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
