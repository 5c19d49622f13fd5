import { describe, expect, it } from 'vitest';
import { textOfHtml } from './format.js';

describe('textOfHtml', () => {
  it('keeps the words of post HTML, without tags, with entities decoded', () => {
    expect(textOfHtml('<p>Use <code>a &lt; b</code> &amp; then</p>\n<pre><code>x = $1</code></pre>')).toBe(
      'Use a < b & then x = $1',
    );
  });

  it('leaves an unknown entity and a lone ampersand as they are', () => {
    expect(textOfHtml('R&D &foo; ok')).toBe('R&D &foo; ok');
  });
});
