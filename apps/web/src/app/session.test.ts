import { MAIL_STATUS } from '@inquire/shared';
import { describe, expect, it } from 'vitest';
import type { ServerLoadContext } from './api';
import { loadSession } from './session';

/** A server render's context whose reader answers from `answers` and records what was read. */
function contextOf(answers: Record<string, unknown>): { context: ServerLoadContext; reads: string[] } {
  const reads: string[] = [];
  const context: ServerLoadContext = {
    memo: new Map(),
    reader: {
      read: async (path: string) => {
        reads.push(path);
        if (!(path in answers)) throw new Error(`unexpected read ${path}`);
        return answers[path];
      },
    },
  };
  return { context, reads };
}

const SITE = { site_seo: { permalink: 1, robots: 'User-agent: *' } };

describe('the session', () => {
  it('[S4-065] [S7-154] carries the server’s plugin status (GET plugin/status), only slug_name and enabled', async () => {
    const { context, reads } = contextOf({
      '/answer/api/v1/user/info': { mail_status: MAIL_STATUS.inactive },
      '/answer/api/v1/siteinfo': SITE,
      '/answer/api/v1/plugin/status': [
        { slug_name: 'captcha-basic', enabled: false, extra: 'not carried' },
        { slug_name: 'search-demo', enabled: true },
      ],
    });
    const session = await loadSession(context);
    expect(session.plugins).toEqual([
      { slug_name: 'captcha-basic', enabled: false },
      { slug_name: 'search-demo', enabled: true },
    ]);
    expect(reads.filter((path) => path === '/answer/api/v1/plugin/status')).toHaveLength(1);
    // Read once per render: a second ask is the same session.
    expect(await loadSession(context)).toBe(session);
  });

  it('[S4-065] a failed plugin status read leaves the list empty, and the page still renders', async () => {
    const { context } = contextOf({
      '/answer/api/v1/user/info': null,
      '/answer/api/v1/siteinfo': SITE,
    });
    const session = await loadSession(context);
    expect(session.plugins).toEqual([]);
    expect(session.user).toBeNull();
  });
});
