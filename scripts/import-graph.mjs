#!/usr/bin/env node
// Prints the import-graph measures of src/ (scripts/lib/import-graph.mjs) and fails when a shared floor
// imports an area or a top floor, or when any import cycle exists (type-only and import() included).
// Run by CI (.ci/run) and by hand: `node scripts/import-graph.mjs`.
import { resolve } from 'node:path';
import { measure } from './lib/import-graph.mjs';

const { files, arrows, violations, cycles } = measure(resolve('src'));
console.log(`[import-graph] ${files} files, ${arrows} import arrows, ${violations.length} from shared floors to areas or top floors, ${cycles.length} cycles`);
for (const { from, to } of violations) console.log(`  shared floor imports outside it: src/${from} -> src/${to}`);
for (const cycle of cycles) console.log(`  cycle: ${[...cycle, cycle[0]].map((f) => `src/${f}`).join(' -> ')}`);
if (violations.length || cycles.length) process.exit(1);
