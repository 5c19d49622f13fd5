import { useEffect, type ReactNode } from 'react';

/**
 * Marks the document once React has hydrated the page (`data-hydrated` on `<html>`): until then
 * a server-rendered form does not work yet. The e2e suite waits for the mark after each page
 * load, as a person waits for a page to respond. Renders its child as it is (no extra node).
 */
export function HydrationMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}
