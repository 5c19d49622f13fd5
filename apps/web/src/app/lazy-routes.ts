import { matchRoutes, type RouteObject } from 'react-router';

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
