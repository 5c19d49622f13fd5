import { matchRoutes, type DataStrategyFunctionArgs, type DataStrategyResult, type RouteObject } from 'react-router';

/**
 * Loads the chunks of the routes matching a location whose page comes lazily (routes.tsx),
 * and puts their components, loaders and handles on the route objects. Run before the browser
 * router is made: a route still lazy at hydration renders nothing, not the server's HTML.
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * Browser navigations: the routes among `matches` whose page chunk failed to load (one that did
 * not come in time among them, lib/chunk.ts), each with its error. React Router reports a lazy
 * route's failure only through `match.resolve`, which the page-data strategy does not call (the
 * server runs the loaders): without this a failed chunk would leave the page blank, not on the
 * error page. The handler given to `resolve` only waits for the route's code; it loads nothing.
 */
export async function lazyRouteFailures(
  matches: DataStrategyFunctionArgs['matches'],
): Promise<Record<string, DataStrategyResult>> {
  const failures: Record<string, DataStrategyResult> = {};
  await Promise.all(
    matches
      .filter((match) => typeof match.route.lazy === 'function')
      .map(async (match) => {
        const outcome = await match.resolve(async () => undefined);
        if (outcome.type === 'error') failures[match.route.id] = outcome;
      }),
  );
  return failures;
}
