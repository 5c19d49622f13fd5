import { TIMING, type PageDataResult } from '@inquire/shared';
import { data, redirect, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import { API_BASE } from '../lib/http';
import { markSessionRead, sessionIsFresh } from './session';

/** The page data the browser holds now, to keep a route's data when it need not reload. */
type CurrentData = () => Record<string, unknown>;

/** The navigation's signal, also ended by the 10 s time-out (AbortSignal.any is too new for some browsers). */
function withTimeout(signal: AbortSignal): AbortSignal {
  const both = new AbortController();
  const timer = setTimeout(
    () => both.abort(new DOMException('page-data timed out', 'TimeoutError')),
    TIMING.requestTimeoutMs,
  );
  const end = () => {
    clearTimeout(timer);
    both.abort(signal.reason);
  };
  if (signal.aborted) end();
  else signal.addEventListener('abort', end, { once: true });
  return both.signal;
}

async function fetchPageData(url: URL, routeIds: string[], signal: AbortSignal): Promise<PageDataResult> {
  const query = new URLSearchParams({ url: url.pathname + url.search, routes: routeIds.join(',') });
  // The 10 s time-out of every API call (spec section 9): a stalled server ends the navigation
  // on the error page (50X) instead of leaving it pending for ever.
  const response = await fetch(`${API_BASE}/page-data?${query.toString()}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal: withTimeout(signal),
  });
  if (!response.ok) throw data(null, { status: response.status >= 500 ? 500 : response.status });
  const body = (await response.json()) as { data: PageDataResult };
  return body.data;
}

/**
 * Client-side navigation: instead of each route's loader calling the API (one request per
 * post on a question page), one page-data request runs the loaders of every route that
 * must load, on the server, and answers all their data at once.
 */
export function pageDataStrategy(currentData: CurrentData): DataStrategyFunction {
  return async ({ request, matches }) => {
    const keepSession = sessionIsFresh();
    const toLoad = matches.filter((m) => m.shouldLoad && !(m.route.id === 'root' && keepSession));
    const results: Record<string, DataStrategyResult> = {};
    if (keepSession && matches.some((m) => m.shouldLoad && m.route.id === 'root')) {
      results.root = { type: 'data', result: currentData().root };
    }
    if (toLoad.length === 0) return results;

    let page: PageDataResult;
    try {
      page = await fetchPageData(
        new URL(request.url),
        toLoad.map((m) => m.route.id),
        request.signal,
      );
    } catch (failure) {
      if (request.signal.aborted) throw failure;
      // The whole call failed (a 5xx, the time-out, the network): the deepest route to load shows
      // it as a route error, so the error page reads its status (a thrown data() is not one).
      const deepest = toLoad[toLoad.length - 1];
      if (deepest) results[deepest.route.id] = { type: 'error', result: failure };
      return results;
    }
    if (page.kind === 'redirect') {
      const first = toLoad[0];
      if (first) results[first.route.id] = { type: 'data', result: redirect(page.location, page.status) };
      return results;
    }
    if ('root' in page.loaderData) markSessionRead();
    for (const match of toLoad) {
      const id = match.route.id;
      const failure = page.errors[id];
      results[id] = failure
        ? { type: 'error', result: data(null, { status: failure.status }) }
        : { type: 'data', result: page.loaderData[id] };
    }
    return results;
  };
}
