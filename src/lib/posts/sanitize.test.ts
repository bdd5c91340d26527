import { describe, expect, it } from 'vitest';
import { sanitizePostBody } from './sanitize';

describe('sanitizePostBody', () => {
  it('drops scripts, styles, frames and their content, and every on* handler', () => {
    const clean = sanitizePostBody('<p onclick="x()" style="color:red">Hi<script>alert(1)</script><style>p{}</style><iframe src="https://e.x">f</iframe></p>');
    expect(clean).toBe('<p>Hi</p>');
  });
  it('keeps http(s), mailto and tel links (opened in a new tab) and drops javascript: URLs however written', () => {
    expect(sanitizePostBody('<a href="https://a.b/c">ok</a>')).toBe('<a href="https://a.b/c" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(sanitizePostBody('<a href="mailto:x@y.z">m</a>')).toContain('href="mailto:x@y.z"');
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java&#x09;script:alert(1)', ' javascript:alert(1)', 'data:text/html,x', '//evil.example']) {
      expect(sanitizePostBody(`<a href="${href}">x</a>`)).not.toContain('href');
    }
  });
  it('keeps images only with an http(s) source', () => {
    expect(sanitizePostBody('<img src="https://a.b/i.png" alt="i" onerror="x()">')).toBe('<img src="https://a.b/i.png" alt="i" />');
    expect(sanitizePostBody('<img src="data:image/png;base64,AAAA"><img src="javascript:x">')).toBe('');
  });
  it('keeps the allowed formatting and Quill list and alignment markup', () => {
    const html = '<h2 class="ql-align-center">T</h2><p><strong>b</strong><em>i</em><u>u</u><s>s</s><code>c</code></p><blockquote>q</blockquote><pre>p</pre><ul><li>x</li></ul><ol><li data-list="bullet"><span class="ql-ui"></span>y</li></ol>';
    expect(sanitizePostBody(html)).toBe(html);
  });
  it('turns unlisted headings and divs into allowed blocks and drops other classes and attributes', () => {
    expect(sanitizePostBody('<h5>small</h5><div class="x ql-indent-1" id="a">d</div><li data-list="evil">z</li>')).toBe('<h3>small</h3><p class="ql-indent-1">d</p><li>z</li>');
  });
});
