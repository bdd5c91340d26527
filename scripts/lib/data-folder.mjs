// What an embedded database's data folder holds: its size on disk (with the write-ahead log apart) and its
// largest tables with their indexes. Read after the server has stopped (PGlite allows one process per folder).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes under a folder (files' sizes, as du --apparent-size counts them). */
export function folderBytes(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) n += folderBytes(path);
    else if (entry.isFile()) n += statSync(path).size;
  }
  return n;
}

/** The `top` largest tables of the database in `pgDir` (a partitioned table counted with its partitions). */
export async function largestTables(pgDir, top = 8) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(pgDir);
  try {
    const { rows } = await db.query(
      `WITH r AS (
         SELECT coalesce(parent.relname, c.relname) AS name, pg_table_size(c.oid) AS heap, pg_indexes_size(c.oid) AS indexes
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
           LEFT JOIN pg_inherits i ON i.inhrelid = c.oid LEFT JOIN pg_class parent ON parent.oid = i.inhparent
          WHERE c.relkind = 'r'
       )
       SELECT name, sum(heap)::bigint AS heap, sum(indexes)::bigint AS indexes
         FROM r GROUP BY name ORDER BY sum(heap) + sum(indexes) DESC LIMIT $1`,
      [top],
    );
    const total = await db.query(`SELECT pg_database_size(current_database())::bigint AS n`);
    const tables = [];
    for (const r of rows) {
      // Counted: the planner's estimate is missing for a table never analyzed.
      const count = await db.query(`SELECT count(*)::bigint AS n FROM "${r.name}"`);
      tables.push({ name: r.name, heap: Number(r.heap), indexes: Number(r.indexes), rows: Number(count.rows[0].n) });
    }
    return { tables, database: Number(total.rows[0].n) };
  } finally {
    await db.close();
  }
}
