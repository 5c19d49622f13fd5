// `npm run build -w @inquire/server`: the server's TypeScript bundled into plain ES modules in
// dist/app, which `inquire` runs when they are newer than every source (bin/inquire.mjs).
// Each worker then loads a few files instead of compiling some 300 modules through tsx at
// start: a worker of `inquire start` used ~230 MB of memory idle that way, ~150 MB bundled.
// npm packages stay outside the bundle (native addons, and they are installed anyway); the
// workspace packages (@inquire/*) are TypeScript sources and go in. Chunks are split at the
// CLI's dynamic imports, so the primary of `start --workers` never loads the app.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
// ssr/pages.ts finds the web app's build at '../../../web/dist' from its own file: dist/app is
// as deep under apps/server as src/ssr is, so the same path holds in the bundle.
const outdir = here('./dist/app');

/** Bare imports of npm packages stay imports; @inquire/* workspace sources are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@inquire/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [here('./src/main.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
});
