import { randomBytes } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from './contract';

/**
 * Random codes over the look-alike-free alphabet. Rejection sampling keeps every character equally likely
 * (256 is not a multiple of the alphabet's 31 letters). 31^10 ≈ 8·10^14 codes, so a million codes collide
 * with one another or with earlier campaigns rarely; the insert still checks (ON CONFLICT) and draws again.
 */
export function randomCodes(count: number, prefix: string, length = CODE_LENGTH): string[] {
  const out = new Set<string>();
  const n = CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let pool = randomBytes(count * length * 2);
  let at = 0;
  while (out.size < count) {
    let code = prefix;
    while (code.length < prefix.length + length) {
      if (at >= pool.length) {
        pool = randomBytes(count * length);
        at = 0;
      }
      const b = pool[at++]!;
      if (b < limit) code += CODE_ALPHABET[b % n];
    }
    out.add(code);
  }
  return [...out];
}
