import type { Sql } from '../server/db';

/**
 * Unit tests' account: a bare row (no usable password) with its role created when missing, for tests that need
 * an account id to hang sessions, visits or posts on. Answers the new account's id.
 */
export async function insertTestAccount(db: Sql, username: string, role: string): Promise<number> {
  await db.query(`INSERT INTO roles (name) VALUES ($1) ON CONFLICT DO NOTHING`, [role]);
  const row = await db.one<{ id: number }>(`INSERT INTO accounts (username, password_hash, role) VALUES ($1, 'x', $2) RETURNING id`, [username, role]);
  return row!.id;
}
