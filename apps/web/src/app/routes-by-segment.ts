import type { RouteObject } from 'react-router';

/**
 * The route table cut by a URL's first path segment, for the server's static handlers.
 *
 * React Router matches a request by trying its ranked branches in turn (75 here), compiling
 * each route's pattern as it goes: a question page tried 53 branches before its own, about a
 * twentieth of a member's render. A handler built over only the routes that could match URLs
 * starting with one segment tries a handful. Nothing that could match is ever cut: a route goes
 * only when its full path starts with a fixed segment that is not the URL's.
 */

/** Every route with the id React Router gives it by its place in the tree ("0-2-1"), made explicit. */
export function withTreeIds(routes: RouteObject[], parent: string[] = []): RouteObject[] {
  return routes.map((route, index) => {
    const treePath = [...parent, String(index)];
    const id = route.id ?? treePath.join('-');
    return route.children
      ? ({ ...route, id, children: withTreeIds(route.children, treePath) } as RouteObject)
      : ({ ...route, id } as RouteObject);
  });
}

const segmentsOf = (path: string | undefined) => (path ?? '').split('/').filter(Boolean);

/** A segment that always matches the same text (not `:param`, `*`, or optional). */
const isFixed = (segment: string) => !segment.startsWith(':') && segment !== '*' && !segment.endsWith('?');

/** The fixed first segments the table's paths start with, as React Router compares them (lower case). */
export function fixedFirstSegments(routes: RouteObject[], parent: string[] = []): Set<string> {
  const found = new Set<string>();
  for (const route of routes) {
    const segments = [...parent, ...segmentsOf(route.path)];
    const first = segments[0];
    if (first !== undefined) {
      if (isFixed(first)) found.add(first.toLowerCase());
    } else if (route.children) {
      for (const segment of fixedFirstSegments(route.children, segments)) found.add(segment);
    }
  }
  return found;
}

/**
 * The routes that could match a URL whose first segment is `first` (lower case; '' for "/", and
 * undefined for a segment no fixed path starts with). Routes keep their ids (withTreeIds first).
 */
export function routesForSegment(
  routes: RouteObject[],
  first: string | undefined,
  parent: string[] = [],
): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    const segments = [...parent, ...segmentsOf(route.path)];
    const start = segments[0];
    if (start !== undefined && isFixed(start) && start.toLowerCase() !== first) continue;
    kept.push(
      route.children
        ? ({ ...route, children: routesForSegment(route.children, first, segments) } as RouteObject)
        : route,
    );
  }
  return kept;
}

/**
 * The first segment of a request's path as React Router compares it: decoded, lower case. A
 * segment no fixed path starts with answers undefined, so such URLs share one handler.
 */
export function firstSegmentOf(pathname: string, fixed: ReadonlySet<string>): string | undefined {
  const raw = pathname.split('/').find(Boolean);
  if (raw === undefined) return '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw).toLowerCase();
  } catch {
    return undefined;
  }
  return fixed.has(decoded) ? decoded : undefined;
}
