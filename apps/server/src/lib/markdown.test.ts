import { describe, expect, it } from 'vitest';
import { plainText, sanitize } from './markdown.js';

describe('plainText', () => {
  it('drops inline tags without adding spaces, and keeps block boundaries apart', () => {
    expect(plainText('<p>Is the file <strong>sorted</strong>?</p>')).toBe('Is the file sorted?');
    expect(plainText('<p>One</p><p>Two<br>Three</p><ul><li>a</li><li>b</li></ul>')).toBe('One Two Three a b');
  });

  it('decodes the escaped entities and cuts long text with an ellipsis', () => {
    expect(plainText('<p>a &lt;b&gt; &amp; &quot;c&quot;</p>')).toBe('a <b> & "c"');
    expect(plainText(`<p>${'x'.repeat(300)}</p>`, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('sanitize', () => {
  it('settles nestings a browser would rebuild (found by the property tests)', () => {
    const html =
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"><noscript><p title="</noscript><img src=x onerror=alert(1)>">';
    const once = sanitize(html);
    expect(once).toBe('<p></p><p></p><p></p>');
    expect(sanitize(once)).toBe(once);
    expect(sanitize('<p><p></p></p>')).toBe('<p></p><p></p><p></p>');
  });
});
