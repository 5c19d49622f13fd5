import {
  scriptJson,
  type Language,
  type PageDataRequest,
  type PageDataResult,
  type RenderRequest,
  type RenderResult,
} from '@inquire/shared';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { ServerLoadContext } from './app/api';
import { fullTitle, type RouteHandle } from './app/head';
import { routes } from './app/routes';
import { firstSegmentOf, fixedFirstSegments, routesForSegment, withTreeIds } from './app/routes-by-segment';
import type { Session } from './app/session';
import { catalogs } from '@inquire/i18n';
import { createI18n } from './lib/i18n';
import { pickStrings } from './lib/page-strings';
import type { Catalog } from './lib/translator';
import { collectStrings, TranslationProvider } from './lib/translation';
import { collectDeferred, loadAllDeferred } from './lib/deferred';
import { dehydratePostHtml } from './lib/html-once';
import { OFFLINE_STRINGS } from './lib/http';

/** Our own nonce is base64, but an attribute is escaped all the same. */
const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);

type StaticHandler = ReturnType<typeof createStaticHandler>;
type StaticRouter = ReturnType<typeof createStaticRouter>;

/**
 * A static handler and router over the routes a URL's first segment can reach
 * (app/routes-by-segment.ts): React Router then tries a handful of branches, not all 75.
 */
interface SegmentRoutes {
  handler: StaticHandler;
  /** React Router's static router over the handler's routes (see staticRouterFor). */
  router: StaticRouter;
}

const treeRoutes = withTreeIds(routes);
const fixedSegments = fixedFirstSegments(treeRoutes);
/** By first segment: one per fixed segment of the table, '' for "/", and undefined for the rest. */
const bySegment = new Map<string | undefined, SegmentRoutes>();

/** What a static router is first made with; each render gets a view with its own state. */
const noContext: StaticHandlerContext = {
  basename: '/',
  location: { pathname: '/', search: '', hash: '', state: null, key: 'default', mask: undefined },
  matches: [],
  loaderData: {},
  actionData: null,
  errors: null,
  statusCode: 200,
  loaderHeaders: {},
  actionHeaders: {},
};

function segmentRoutesFor(url: string): SegmentRoutes {
  const segment = firstSegmentOf(new URL(url).pathname, fixedSegments);
  let found = bySegment.get(segment);
  if (!found) {
    const handler = createStaticHandler(routesForSegment(treeRoutes, segment));
    found = { handler, router: createStaticRouter(handler.dataRoutes, noContext) };
    bySegment.set(segment, found);
  }
  return found;
}

/**
 * React Router's static router, made again only when a route module has loaded since:
 * createStaticRouter converts the whole table on every call (about 0.1 ms of each render). It
 * copies the routes as they are, and the handler fills in a lazy route (its component, loader)
 * the first time a request matches it; a copy made before still reads as lazy and would draw
 * nothing. Its getters read the context it was made with, so each render gets a view with that
 * render's state (what createStaticRouter builds from a context).
 */
function staticRouterFor(cut: SegmentRoutes, context: StaticHandlerContext): StaticRouter {
  if (context.matches.some((match) => cut.router.manifest[match.route.id]?.lazy && !match.route.lazy)) {
    cut.router = createStaticRouter(cut.handler.dataRoutes, noContext);
  }
  const shared = cut.router;
  const matches = context.matches.map((match) => ({
    ...match,
    route: shared.manifest[match.route.id] ?? match.route,
  }));
  const state = {
    ...shared.state,
    location: context.location,
    matches,
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: context.errors,
  };
  return Object.create(shared, { state: { value: state } }) as StaticRouter;
}

// One i18n instance per language for the life of the process: requests only read them.
const translations = { en_US: createI18n('en_US'), zh_CN: createI18n('zh_CN') };

/**
 * Renders one page on the server: runs the matched routes' guards and loaders (calling the
 * API's reads in-process as the reader), then React to HTML with the data for hydration.
 */
export async function render(input: RenderRequest): Promise<RenderResult> {
  const request = new Request(input.url, { method: 'GET' });
  const requestContext: ServerLoadContext = { reader: input.reader, memo: new Map(), referer: input.referer };
  const cut = segmentRoutesFor(input.url);
  const context = await cut.handler.query(request, { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }

  const i18n = translations[input.lang];
  const router = staticRouterFor(cut, context);
  // The page's modules are loaded now (the handler imported them): so are its deferred parts.
  await loadAllDeferred();
  const {
    result: { result: markup, chunks: deferredChunks },
    keys,
  } = collectStrings(() =>
    collectDeferred(() =>
      renderToString(
        <TranslationProvider i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </TranslationProvider>,
      ),
    ),
  );
  // A reading page's strings go with it: the browser hydrates with them instead of first
  // loading its language's whole catalog (lib/i18n.ts loads that when needed).
  const pageStrings = context.matches.some((m) => (m.route.handle as RouteHandle | undefined)?.pageStrings);
  if (pageStrings) for (const key of OFFLINE_STRINGS) keys.add(key);
  const strings = pageStrings ? stringsScript(input.lang, keys) : '';
  const nonce = input.nonce ? ` nonce="${escapeAttribute(input.nonce)}"` : '';
  const script = `${hydrationScript(context, markup, deferredChunks)}${strings}`;
  const html = `${markup}<script${nonce}>${script}</script>`;

  const session = context.loaderData.root as Session | undefined;
  const siteName = session?.site.general.name ?? i18n.t('ui.site.default_name');
  const match = [...context.matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.head);
  // A page whose loader failed shows the error page; one whose loader answered with a status of
  // its own (the search page's 429) is still that page, with its own title.
  const failed = context.errors !== null;
  const head =
    session && match && !failed
      ? (match.route.handle as RouteHandle).head?.({ t: i18n.t, data: context.loaderData[match.route.id], session })
      : undefined;
  const errorTitle = failed
    ? i18n.t(`ui.error_page.${context.statusCode >= 500 ? '50X' : context.statusCode}_title`)
    : undefined;
  const url = new URL(input.url);
  const siteUrl = session?.site.general.site_url.replace(/\/+$/, '');
  return {
    kind: 'page',
    status: context.statusCode,
    html,
    chunks: [
      ...context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.chunks ?? []),
      ...deferredChunks,
      ...(pageStrings ? [] : [`virtual:inquire-catalog/${input.lang}`]),
    ],
    userScheme: session?.user?.color_scheme,
    head: {
      title: fullTitle(head?.title ?? errorTitle, siteName),
      description:
        head?.description || session?.site.general.description || session?.site.general.short_description || siteName,
      canonical: siteUrl && context.statusCode < 400 ? `${siteUrl}${head?.canonicalPath ?? url.pathname}` : '',
      ...(head?.jsonLd ? { jsonLd: JSON.stringify(head.jsonLd) } : {}),
      ...(head?.ogType ? { ogType: head.ogType } : {}),
      ...(head?.robots ? { robots: head.robots } : {}),
    },
  };
}

/** Scripts of page strings by language and keys: the catalogs never change while the process runs. */
const stringScripts = new Map<string, string>();
/** Key sets differ by page kind and reader, a few dozen in all; the bound is a safety net. */
const MAX_STRING_SCRIPTS = 500;

/**
 * The script giving the browser a page's strings. Picking them from the catalogs was a tenth of
 * a question page's server render; a page of the same kind translates the same keys in the same
 * order, so the script is kept by them.
 */
function stringsScript(lang: Language, keys: Set<string>): string {
  const id = `${lang}\n${[...keys].join('\n')}`;
  let script = stringScripts.get(id);
  if (script === undefined) {
    script = `window.__inquireStrings=${scriptJson(pickStrings(catalogs as Record<string, Catalog>, lang, keys))};`;
    if (stringScripts.size >= MAX_STRING_SCRIPTS) stringScripts.clear();
    stringScripts.set(id, script);
  }
  return script;
}

/**
 * The router's hydration data as a plain object literal (the router reads it from the
 * window). React Router's own script wraps the JSON in a JSON.parse string, escaping every
 * quote a second time: on a question page that is kilobytes of backslashes.
 */
function hydrationScript(context: StaticHandlerContext, markup: string, deferredChunks: string[]): string {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : { message: error instanceof Error ? error.message : String(error), __type: 'Error' },
        ]),
      )
    : null;
  const loaderData = dehydratePostHtml(context.loaderData, markup);
  const data = { loaderData, actionData: context.actionData, errors };
  const router = `window.__staticRouterHydrationData=${scriptJson(data)};`;
  // The deferred components in the HTML: the browser loads them before hydrating (lib/deferred).
  return deferredChunks.length ? `${router}window.__inquireDeferred=${scriptJson(deferredChunks)};` : router;
}

/**
 * Page data for a client-side navigation: the loaders of the routes the browser asks for,
 * run here with the same guards as a server render, answered as data (no HTML).
 */
export async function loadPageData(input: PageDataRequest): Promise<PageDataResult> {
  const request = new Request(input.url, { method: 'GET' });
  const requestContext: ServerLoadContext = { reader: input.reader, memo: new Map() };
  const wanted = new Set(input.routeIds);
  const context = await segmentRoutesFor(input.url).handler.query(request, {
    requestContext,
    filterMatchesToLoad: (match) => wanted.has(match.route.id),
    // Each refusal stays on the route that made it; the browser's router bubbles it.
    skipLoaderErrorBubbling: true,
  });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const errors: Record<string, { status: number }> = {};
  for (const [id, error] of Object.entries(context.errors ?? {})) {
    errors[id] = { status: isRouteErrorResponse(error) ? error.status : 500 };
    if (!isRouteErrorResponse(error)) console.error(error);
  }
  const loaderData: Record<string, unknown> = {};
  for (const id of wanted) if (id in context.loaderData) loaderData[id] = context.loaderData[id];
  return { kind: 'data', status: context.statusCode, loaderData, errors };
}
