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
 * handler checks itself (the SDK refuses per event). A walk with a stack of its own, not recursion: request bodies
 * are at most JSON_MAX_DEPTH deep (src/lib/json-depth.ts), but this must not overflow on any value, nor stop
 * looking below some depth (a NUL under 70 arrays once reached the database).
 */
export function findUnstorableText(value: unknown, skip: readonly string[] = []): string | null {
  // Each frame is a value still to look at with its path, or an object's key to check before its value, so the
  // first problem found is the first in document order.
  type Frame = { value: unknown; path: string; key?: string; parent?: string };
  const stack: Frame[] = [{ value, path: '' }];
  while (stack.length) {
    const frame = stack.pop()!;
    if (frame.key !== undefined) {
      const keyWhy = unstorableText(frame.key);
      if (keyWhy) return `${frame.parent || 'body'}: a field name ${keyWhy}`;
    }
    const { value: item, path } = frame;
    if (typeof item === 'string') {
      const why = unstorableText(item) ?? (LABEL_FIELD.test(path.slice(path.lastIndexOf('.') + 1)) ? hiddenLabelText(item) : null);
      if (why) return `${path || 'body'}: ${why}`;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], path: path ? `${path}.${i}` : String(i) });
      continue;
    }
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const skipped = item === value && skip.includes(key);
      // A skipped field's name is still checked; its contents are the handler's.
      stack.push(skipped ? { value: undefined, path: key, key, parent: path } : { value: child, path: path ? `${path}.${key}` : key, key, parent: path });
    }
  }
  return null;
}
