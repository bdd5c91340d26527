const BLOCK_END = /<\/(p|li|h[1-6]|blockquote|pre|div|ul|ol)\s*>|<br\s*\/?>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Plain text of a stored (already sanitised) post body: block ends become line breaks, tags go, the
 * entities the sanitiser writes are decoded. Used to show bodies as text and to search them; the output
 * is shown as text (never as HTML), so a stray "<" in it is harmless.
 */
export function htmlToText(html: string): string {
  return html
    .replace(BLOCK_END, (tag) => `${tag}\n`)
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower in ENTITIES) return ENTITIES[lower]!;
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
      return whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
