import { useEffect, useRef, type KeyboardEvent } from 'react';

const ITEMS = 'button:not([disabled]), a[href]';

/**
 * The WAI-ARIA toolbar pattern: one tab stop for the whole toolbar, arrow keys (and Home,
 * End) move between its items. Tab indexes are set on the DOM after hydration, so the server
 * render (every item reachable) and the first client render agree.
 */
export function useRovingFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);

  useEffect(() => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const current = items.find((item) => item.tabIndex === 0 && item.dataset.roving === 'on') ?? items[0];
    for (const item of items) {
      item.dataset.roving = 'on';
      item.tabIndex = item === current ? 0 : -1;
    }
  });

  function onKeyDown(event: KeyboardEvent<T>) {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (at === -1) return;
    const next = {
      ArrowRight: (at + 1) % items.length,
      ArrowLeft: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[at]!.tabIndex = -1;
    items[next]!.tabIndex = 0;
    items[next]!.focus();
  }

  return { ref, onKeyDown };
}
