#!/usr/bin/env node
// `npm run docs:roles`: writes the README's demo-account table from the seeded roles
// (src/lib/server/db/demo-roles.ts), between its markers. The unit test demo-roles-table.test.ts fails
// while the README differs, so run this after changing a demo role or the route table.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withDemoRolesBlock } from '../src/lib/server/db/demo-roles-table.ts';

const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
const before = readFileSync(readmePath, 'utf8');
const after = withDemoRolesBlock(before);
if (after === before) {
  console.log('[docs:roles] README.md: the demo-account table is up to date');
} else {
  writeFileSync(readmePath, after);
  console.log('[docs:roles] README.md: the demo-account table was rewritten from the seeded roles');
}
