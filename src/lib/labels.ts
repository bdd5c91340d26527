/**
 * A list of `{ key, label }` in the order written, from a key → label table: columns, tabs and choices read
 * as the table they are. Keys are names, never numbers (an object lists integer-like keys first).
 */
export function labelled<K extends string>(labels: Record<K, string>): { key: K; label: string }[] {
  return (Object.keys(labels) as K[]).map((key) => ({ key, label: labels[key] }));
}
