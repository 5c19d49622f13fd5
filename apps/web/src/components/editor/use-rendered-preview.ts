import { useEffect, useState } from 'react';
import { API_BASE, http } from '../../lib/http';

const DEBOUNCE_MS = 350;

/**
 * The HTML `POST post/render` gives for `markdown`: exactly what posting it would store.
 * Asked for after typing pauses, only while a preview is on screen; a late answer for older
 * text never replaces a newer one.
 */
export function useRenderedPreview(markdown: string, active: boolean): string {
  const [html, setHtml] = useState('');
  useEffect(() => {
    if (!active) return;
    if (!markdown.trim()) {
      setHtml('');
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      http
        .post<string>(`${API_BASE}/post/render`, { content: markdown }, { silent: true })
        .then((rendered) => current && setHtml(rendered))
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [markdown, active]);
  return html;
}
