/**
 * The one nesting limit of JSON the console accepts: every request body (console and SDK API) and every JSON
 * document carried inside one (an app's config text, a pasted key file). Checked on the text before it is
 * parsed, so nothing after the parse — the NUL check, zod, JSON.stringify on the way to the database, which
 * overflows the stack at a few thousand levels — ever sees a value nested deeper. No game save, config or key
 * file comes near 32 levels; a body that does is hostile or broken.
 */
export const JSON_MAX_DEPTH = 32;

/**
 * The offset of the first `{` or `[` that opens a level beyond `max` (the outermost object or array is level 1),
 * or -1 when the text stays within it. One pass over the characters without recursion, skipping strings (a
 * bracket inside a string is text); it does not validate the JSON otherwise, JSON.parse does that after it.
 */
export function tooDeepAt(text: string, max = JSON_MAX_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (++depth > max) return i;
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) depth--;
  }
  return -1;
}

/** The message of a refused document: "body: nested deeper than 32 levels". */
export const tooDeepMessage = (field: string, max = JSON_MAX_DEPTH) => `${field}: nested deeper than ${max} levels`;
