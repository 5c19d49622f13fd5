import { useEffect, type ReactNode } from 'react';
import { replayEarlyInput, sendHeldSubmit } from '../lib/early-input';

/**
 * Marks the document once React has hydrated the page (`data-hydrated` on `<html>`), after
 * telling the page's forms what was typed into them before then; then sends a submit made
 * meanwhile (lib/early-input.ts). Until the mark, the document's first script holds submits. The e2e suite waits for the mark after each page load, as a
 * person waits for a page to respond. Renders its child as it is (no extra node).
 */
export function HydrationMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    void replayEarlyInput(document.getElementById('root') ?? document).then(() => {
      document.documentElement.dataset.hydrated = 'true';
      sendHeldSubmit();
    });
  }, []);
  return children;
}
