import { useLayoutEffect, type ReactNode } from 'react';
import { readEarlyInput, sendHeldSubmit } from '../lib/early-input';

/**
 * Marks the document once React has hydrated the page (`data-hydrated` on `<html>`), after
 * telling the page's forms what was typed into them before then; then sends a submit made
 * meanwhile (lib/early-input.ts). Until the mark, the document's first script holds submits.
 * The e2e suite waits for the mark after each page load, as a person waits for a page to
 * respond. Renders its child as it is (no extra node).
 */
export function HydrationMark({ children }: { children: ReactNode }) {
  // At the commit itself, before any event: what was typed while the page was not live yet.
  useLayoutEffect(() => {
    const early = readEarlyInput(document.getElementById('root') ?? document);
    // Then a task of its own, outside React's commit (see readEarlyInput).
    const later = setTimeout(() => {
      early.replay();
      document.documentElement.dataset.hydrated = 'true';
      sendHeldSubmit();
    }, 0);
    return () => clearTimeout(later);
  }, []);
  return children;
}
