/**
 * The spec's guard on /search (section 2: "a guard redirects for cached-search-engine visits").
 *
 * A search engine's cached copy of one of our pages lives at the engine's address, e.g.
 * `https://webcache.googleusercontent.com/search?q=cache:AbC123:https://site/questions/1`. Our
 * scripts run in that copy, and its address reads as our own /search page with the query
 * `cache:…:https://site/questions/1`: searching for that would show nonsense. The peer's web
 * app (`googleSnapshotRedirect`) sends such a visit to the page the copy was made of. We do the
 * same, on the server (first load and page data alike), and also for a visit that reaches our
 * /search from a cached copy (its Referer names the engine's cache host): it goes to the cached
 * page's own address when the query names it, else to the home page, instead of searching.
 */

/** Hosts that serve search engines' cached copies of pages (Google's cache, Bing's cache). */
export const SEARCH_CACHE_HOSTS: readonly string[] = ['webcache.googleusercontent.com', 'cc.bingj.com'];

/** Whether an address (a full URL or a bare host) belongs to a search engine's cache. */
export function isSearchCacheAddress(address: string | undefined): boolean {
  if (!address) return false;
  let host: string;
  try {
    host = address.includes('://') ? new URL(address).hostname : address.split(':')[0]!;
  } catch {
    return false;
  }
  return SEARCH_CACHE_HOSTS.includes(host.toLowerCase());
}

/**
 * Google's cache query: `cache:<id>:<address>` or `cache:<address>`, maybe followed by the
 * reader's words. No reader searches our site that way: we have no `cache:` operator.
 */
const CACHE_QUERY = /^\s*cache:(?:[^\s:]+:)?(https?:\/\/\S+)/i;

/**
 * Where a visit to /search goes instead of searching, or undefined for an ordinary search.
 * `page` is the address asked for; `referer` the request's Referer header.
 */
export function cachedSearchRedirect(page: URL, referer: string | undefined): string | undefined {
  const cachedAddress = CACHE_QUERY.exec(page.searchParams.get('q') ?? '')?.[1];
  if (cachedAddress) return ownPath(cachedAddress);
  if (isSearchCacheAddress(page.host) || isSearchCacheAddress(referer)) return '/';
  return undefined;
}

/**
 * The path, query and fragment of the cached page's address: only ever a path on this site,
 * whatever host the query names (never an open redirect; `//other.host` is cut to one slash).
 */
function ownPath(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`.replace(/^[/\\]+/, '');
  return `/${path}`;
}
