import { describe, expect, it } from 'vitest';
import { cachedSearchRedirect, isSearchCacheAddress } from './cached-search.js';

const site = (query: string) => new URL(`https://qa.example.com/search?${query}`);

describe('[SR-4] the guard for cached-search-engine visits', () => {
  it('sends a Google cached copy of a page to that page, on our site', () => {
    const q = encodeURIComponent('cache:AbC123xyz:https://qa.example.com/questions/10010000000000001/slug');
    expect(cachedSearchRedirect(site(`q=${q}`), undefined)).toBe('/questions/10010000000000001/slug');
    const bare = encodeURIComponent('cache:http://qa.example.com/tags/go?page=2 go');
    expect(cachedSearchRedirect(site(`q=${bare}`), undefined)).toBe('/tags/go?page=2');
  });

  it('never redirects to another host', () => {
    const q = encodeURIComponent('cache:x:https://evil.example.net//evil.example.net/phish');
    expect(cachedSearchRedirect(site(`q=${q}`), undefined)).toBe('/evil.example.net/phish');
    const slashes = encodeURIComponent('cache:https://a.example/\\\\evil.example');
    expect(cachedSearchRedirect(site(`q=${slashes}`), undefined)).toMatch(/^\/[^/\\]/);
  });

  it('sends a visit from a cache host (Referer or the page host) home instead of searching', () => {
    expect(cachedSearchRedirect(site('q=python'), 'https://webcache.googleusercontent.com/search?q=x')).toBe('/');
    expect(cachedSearchRedirect(site('q=python'), 'http://cc.bingj.com/cache.aspx?d=1')).toBe('/');
    expect(cachedSearchRedirect(new URL('https://webcache.googleusercontent.com/search?q=python'), undefined)).toBe(
      '/',
    );
  });

  it('leaves ordinary searches alone', () => {
    expect(cachedSearchRedirect(site('q=python'), undefined)).toBeUndefined();
    expect(cachedSearchRedirect(site('q=python'), 'https://www.google.com/')).toBeUndefined();
    expect(cachedSearchRedirect(site(`q=${encodeURIComponent('cache invalidation')}`), undefined)).toBeUndefined();
    expect(cachedSearchRedirect(site(''), 'https://qa.example.com/questions')).toBeUndefined();
    expect(isSearchCacheAddress('not a url://')).toBe(false);
  });
});
