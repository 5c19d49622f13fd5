import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|wasm)$/;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each text asset of the browser build,
 * once, so the server sends them as files (@fastify/static `preCompressed`) instead of
 * compressing per request. A copy no smaller than the file is not written: the file goes as it
 * is (a page's small chunks are still a third smaller compressed). The server bundle is left
 * alone.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'inquire:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([
            br.length < body.length ? writeFile(`${path}.br`, br) : undefined,
            gz.length < body.length ? writeFile(`${path}.gz`, gz) : undefined,
          ]);
        }),
      );
    },
  };
}

const CATALOG_MODULE = 'virtual:inquire-catalog/';
const LOCALES = fileURLToPath(new URL('../../packages/i18n/locales', import.meta.url));
/** Catalog sections only the server uses (email templates, demo content): kept out of the browser. */
const SERVER_ONLY_SECTIONS = new Set(['email', 'seed']);

type Strings = { [key: string]: string | Strings };

function deepMerge(target: Strings, source: Strings): Strings {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge({ ...existing }, value) : value;
  }
  return target;
}

/**
 * `virtual:inquire-catalog/<lang>`: one language's strings as the browser needs them, merged
 * from packages/i18n/locales/<lang>/*.json like @inquire/i18n does, without the server-only
 * sections. The browser loads its page's language alone instead of every catalog in full.
 */
function browserCatalogs(): Plugin {
  return {
    name: 'inquire:browser-catalogs',
    resolveId: (id) => (id.startsWith(CATALOG_MODULE) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${CATALOG_MODULE}`)) return undefined;
      const lang = id.slice(CATALOG_MODULE.length + 1);
      const dir = join(LOCALES, lang);
      const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
      if (files.length === 0) throw new Error(`no catalog files for ${lang} in ${dir}`);
      const merged = files.sort().reduce<Strings>((all, name) => {
        this.addWatchFile(join(dir, name));
        return deepMerge(all, JSON.parse(readFileSync(join(dir, name), 'utf8')) as Strings);
      }, {});
      const picked = Object.fromEntries(
        Object.entries(merged).filter(([section]) => !SERVER_ONLY_SECTIONS.has(section)),
      );
      return `export const catalog = JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}

/**
 * The stylesheet before the scripts in index.html: the first paint waits for the CSS, never for
 * script, and a phone's few connections should fetch the CSS first.
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'inquire:stylesheet-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        const firstScript = html.search(/^[ \t]*<(script|link rel="modulepreload")/m);
        if (links.length === 0 || firstScript < 0) return html;
        let rest = html;
        for (const link of links) rest = rest.replace(link, '');
        const at = rest.search(/^[ \t]*<(script|link rel="modulepreload")/m);
        return rest.slice(0, at) + links.join('') + rest.slice(at);
      },
    },
  };
}

const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/', import.meta.url),
);

/** React's component and context factories as React Router's build calls them (`React10.forwardRef(`). */
const REACT_FACTORY_CALL = /\bReact\d*\.(?:createContext|forwardRef|memo)\(/g;
/** A top-level `Link.displayName = "Link";`: a name for React's developer tools. */
const DISPLAY_NAME = /^\w+\.displayName = "[\w-]*";$/gm;

/**
 * React Router's package points every import at its development build, which differs from the
 * production one only by its dev warnings left on: the browser build takes the production
 * build instead (smaller, and no warnings to readers). The server keeps the package's own.
 *
 * Its top-level `forwardRef`, `createContext` and `memo` calls carry no pure annotation, and
 * each component and context is given a `displayName` (for React's developer tools) by a
 * statement of its own: the bundler kept every one, used or not, with all it calls (its Form
 * kept the whole submit machinery). The calls are annotated as pure (they only build an
 * object) and the names left out.
 */
function reactRouterProduction(): Plugin {
  const builds: Record<string, string> = {
    'react-router': join(REACT_ROUTER_PRODUCTION, 'index.mjs'),
    'react-router/dom': join(REACT_ROUTER_PRODUCTION, 'dom-export.mjs'),
  };
  return {
    name: 'inquire:react-router-production',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => builds[id],
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
      handler: (code) => ({
        code: code.replace(REACT_FACTORY_CALL, '/* @__PURE__ */ $&').replace(DISPLAY_NAME, ''),
        map: null,
      }),
    },
  };
}

const READING_SHARED =
  /[\\/](?:components[\\/](?:relative-time|ui[\\/](?:alert|badge|pagination))\.tsx|app[\\/]load\.ts|pages[\\/]moderation[\\/]deferred-flag-button\.ts|shared[\\/]src[\\/]format\.ts)$/;

/** The entry's chunk, named after index.html. */
const ENTRY_CHUNK = /^assets\/index-[\w-]+\.js$/;

export default defineConfig({
  plugins: [reactRouterProduction(), react(), tailwindcss(), browserCatalogs(), stylesheetFirst(), precompress()],
  build: {
    sourcemap: false,
    modulePreload: {
      // Every browser the site supports knows <link rel="modulepreload">: no polyfill in the entry.
      polyfill: false,
      // The entry holds the dynamic import of every page and lazily loaded part; listing each
      // one's imports there, to fetch them alongside, took 2 KB gzip of the script every page
      // loads. A page landed on has its chunks preloaded by the server (from the manifest); a
      // client-side navigation fetches a page's chunk, then its imports, while the page's data
      // and strings come. Stylesheets are always listed: nothing else loads them. Chunks other
      // than the entry keep their lists (the editor's chain of chunks comes at once).
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && ENTRY_CHUNK.test(hostId) ? [] : deps,
    },
    chunkSizeWarningLimit: 1024,
    // The manifest maps source modules to built chunks: the first-load budget test reads it.
    manifest: true,
    rolldownOptions: {
      // The shared package is plain definitions (constants, functions, zod schemas): a module
      // none of whose exports a chunk uses is dropped, so pages that validate nothing do not
      // download zod.
      output: {
        // What every page loads first goes in as few files as possible (each request costs a
        // round trip on a phone): the framework (cached across releases) and the app's shared
        // code. Pages, the editor and Radix stay in chunks fetched when used.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'initial', tags: ['$initial'], priority: 1 },
            // Small modules the reading pages (lists, question, tag, profile) share: one file
            // rather than a request each (each a few hundred bytes, compressed on its own).
            { name: 'reading', test: READING_SHARED, priority: 1 },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/](shared|i18n)[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
    },
  },
  ssr: { noExternal: ['@inquire/shared', '@inquire/i18n'] },
});
