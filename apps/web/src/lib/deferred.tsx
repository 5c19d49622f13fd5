import { lazy, Suspense, type ComponentType } from 'react';
import { completeStrings } from './i18n';

/**
 * Components whose code is not part of their page's chunk (the answer editor: for guests it
 * never shows), by the source the build's manifest names their chunk after.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of components of any props
const loaders = new Map<string, () => Promise<ComponentType<any>>>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
const loaded = new Map<string, ComponentType<any>>();
/** The deferred components a server render drew (collectDeferred), else undefined. */
let drawn: Set<string> | undefined;

/**
 * A component loaded when first drawn. Its server HTML hydrates as is: the server names the
 * deferred components a page drew (collectDeferred), preloads their chunks with the page's, and
 * the browser loads them before hydrating (loadDeferred), so the first render matches. Drawn
 * later in the browser, it shows nothing until its chunk has come.
 */
export function deferred<P extends object>(chunk: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const fetch = () =>
    load().then((component) => {
      loaded.set(chunk, component);
      return component;
    });
  loaders.set(chunk, fetch);
  // Drawn after hydration it may show any string: the whole catalog comes with it.
  const Lazy = lazy(() => Promise.all([fetch(), completeStrings()]).then(([component]) => ({ default: component })));
  function Deferred(props: P) {
    drawn?.add(chunk);
    const Loaded = loaded.get(chunk) as ComponentType<P> | undefined;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

/** The chunks of the deferred components known so far (by their sources). */
export function deferredChunks(): string[] {
  return [...loaders.keys()];
}

/** Server: loads every deferred component known so far, so a server render never suspends. */
export async function loadAllDeferred(): Promise<void> {
  // Once loaded, a component stays: a render does not import() it again (each call cost a render ~0.1 ms).
  const missing = [...loaders].filter(([chunk]) => !loaded.has(chunk));
  if (missing.length) await Promise.all(missing.map(([, load]) => load()));
}

/** Server: a synchronous render, with the chunks of the deferred components it drew. */
export function collectDeferred<T>(render: () => T): { result: T; chunks: string[] } {
  drawn = new Set();
  try {
    const result = render();
    return { result, chunks: [...drawn] };
  } finally {
    drawn = undefined;
  }
}

/** Browser, before hydrating: loads the deferred components the server's HTML holds. */
export async function loadDeferred(chunks: readonly string[]): Promise<void> {
  await Promise.all(chunks.map((chunk) => loaders.get(chunk)?.()));
}
