import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text';

describe('htmlToText', () => {
  it('keeps the words, breaks lines at blocks and drops tags', () => {
    expect(htmlToText('<h1>News</h1><p>Hello <b>team</b>,</p><p>line<br>two</p><ol><li>one</li><li>two</li></ol>')).toBe('News\nHello team,\nline\ntwo\none\ntwo');
  });
  it('decodes the entities the sanitiser writes and numeric ones', () => {
    expect(htmlToText('<p>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x1F600; &nbsp;f</p>')).toBe('a & b <c> "d" \'e\' 😀  f');
  });
  it('answers an empty string for an empty body', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p><br></p>')).toBe('');
  });
});
