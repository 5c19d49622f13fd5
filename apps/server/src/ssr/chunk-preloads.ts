import { existsSync, readFileSync } from 'node:fs';

/** One entry of the bundler's manifest (`dist/client/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The files to preload for some source modules: `(sources) => ['/assets/…js', …]`. */
export type ChunkPreloads = (sources: readonly string[]) => string[];

/**
 * Reads the build's manifest once and answers, for a page's own source modules (its lazy
 * page chunks and its strings), every file they need: each chunk and the chunks it imports
 * statically, less the entry and what the entry already loads (the template preloads those).
 * A source the manifest does not know is skipped: a missing preload only costs time.
 */
export function chunkPreloads(manifestFile: string): ChunkPreloads {
  if (!existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedWithEntry = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) collect(imported, into);
  };
  for (const key of entryKeys) collect(key, loadedWithEntry);

  const cache = new Map<string, string[]>();
  return (sources) => {
    const cacheKey = sources.join('\n');
    const known = cache.get(cacheKey);
    if (known) return known;
    const needed = new Set<string>();
    for (const source of sources) if (manifest[source]) collect(source, needed);
    const files = [...needed]
      .filter((key) => !loadedWithEntry.has(key))
      .map((key) => `/${manifest[key]?.file ?? ''}`)
      .filter((file) => file.endsWith('.js'));
    cache.set(cacheKey, files);
    return files;
  };
}
