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
 * Characters that change how a label reads without being seen: bidirectional embeddings and overrides
 * (U+202A–U+202E: "gnp.exe" shown as "exe.png"), isolates (U+2066–U+2069), zero-width space, non-joiner and
 * joiner (U+200B–U+200D), word joiner (U+2060) and the byte-order mark (U+FEFF). Two names that look the same
 * could be two accounts, apps or teams. Refused (not stripped: docs/decisions.md) in names and titles only —
 * free text such as a post body may need them (right-to-left languages).
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/u;
/** A zero-width joiner inside an emoji sequence (a family, a flag with a sign) is what draws the emoji: kept. */
const EMOJI_JOIN = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Why a name or title cannot be accepted, or null (invisible characters; see INVISIBLE). */
export function hiddenLabelText(value: string): string | null {
  const found = value.replace(EMOJI_JOIN, '').match(INVISIBLE)?.[0];
  if (!found) return null;
  return `must not contain invisible or direction-changing characters (U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
}

/** Fields that name or title something (name, title, label, username, or any …Name/…Title/…Label). */
const LABEL_FIELD = /^(name|title|label|username)$|(Name|Title|Label)$/;

/**
 * The first string (value or key) anywhere in a parsed request that cannot be stored, as "field: why", or null;
 * in names and titles (LABEL_FIELD) invisible characters too. `skip` names top-level fields whose contents the
 * handler checks itself (the SDK refuses per event).
 */
export function findUnstorableText(value: unknown, skip: readonly string[] = [], path = '', depth = 0): string | null {
  if (typeof value === 'string') {
    const why = unstorableText(value) ?? (LABEL_FIELD.test(path.slice(path.lastIndexOf('.') + 1)) ? hiddenLabelText(value) : null);
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
