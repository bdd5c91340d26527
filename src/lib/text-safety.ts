/**
 * Text PostgreSQL cannot store: NUL characters (0x00 is refused in text and jsonb) and unpaired UTF-16
 * surrogates (not Unicode; jsonb refuses their \u escapes, text would store a replacement character).
 * Shared by the API handler (every request), the SDK event checks (per event) and the config parser.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null. */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must not contain an unpaired UTF-16 surrogate (broken text encoding)';
  return null;
}

/**
 * The first string (value or key) anywhere in a parsed request that cannot be stored, as "field: why", or null.
 * `skip` names top-level fields whose contents the handler checks itself (the SDK refuses per event).
 */
export function findUnstorableText(value: unknown, skip: readonly string[] = [], path = '', depth = 0): string | null {
  if (typeof value === 'string') {
    const why = unstorableText(value);
    return why ? `${path || 'body'}: ${why}` : null;
  }
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], skip, `${path}.${i}`.replace(/^\./, ''), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    const keyWhy = unstorableText(key);
    if (keyWhy) return `${path || 'body'}: a field name ${keyWhy}`;
    if (depth === 0 && skip.includes(key)) continue;
    const found = findUnstorableText(item, skip, where, depth + 1);
    if (found) return found;
  }
  return null;
}
