import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for post bodies (server only). Everything else is dropped: script/style/iframe with
 * their content, every on* handler, style attributes, and links or images whose URL scheme is not listed.
 * Quill's own markup survives: `li[data-list]` (Quill 2 writes bullet lists as `<ol><li data-list="bullet">`)
 * and its `ql-*` alignment/indent classes.
 */
const QUILL_LISTS = new Set(['bullet', 'ordered', 'checked', 'unchecked']);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote', 'code', 'pre', 'span', 'img'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    span: ['class'],
    img: ['src', 'alt'],
    li: ['data-list'],
  },
  allowedClasses: { p: ['ql-*'], li: ['ql-*'], h1: ['ql-*'], h2: ['ql-*'], h3: ['ql-*'], pre: ['ql-*'], blockquote: ['ql-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  // Links leave the console in a new tab without handing it a window reference.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    li: (tagName, { 'data-list': list, ...attribs }) => ({ tagName, attribs: list && QUILL_LISTS.has(list) ? { ...attribs, 'data-list': list } : attribs }),
    // Pasted markup keeps its structure: smaller headings and divs become allowed blocks instead of bare text.
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
    div: 'p',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Rendered markdown (research notes): the same allow-list plus what markdown writes besides — tables, rules,
 * smaller headings kept as h3 (transformTags) — still no script, handler, style or foreign scheme.
 */
const MARKDOWN_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'],
  allowedAttributes: { ...OPTIONS.allowedAttributes, th: ['align'], td: ['align'] },
};

export function sanitizeMarkdownHtml(html: string): string {
  return sanitizeHtml(html, MARKDOWN_OPTIONS).trim();
}

/** The stored form of a post body: the allow-listed HTML. */
export function sanitizePostBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
