import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Session } from './session';

/**
 * A route's page title and description, from its loader data. The server writes them into
 * the document head; the browser updates the title on navigation.
 */
export interface RouteHandle {
  head?: (input: { t: TFunction; data: unknown; session: Session }) => {
    title?: string;
    description?: string;
    /** The page's own address when the URL read can differ (a question without its slug). */
    canonicalPath?: string;
    jsonLd?: object;
    ogType?: string;
    /** The robots meta tag (e.g. "noindex" for search results). */
    robots?: string;
  };
  /**
   * The page's own chunks, as the bundler's manifest names their sources: the server preloads
   * them (and the language's strings) with the entry, instead of the browser finding them only
   * once the entry has run.
   */
  chunks?: readonly string[];
  /**
   * The page hydrates with only the strings its server render used, sent with it, and loads its
   * language's whole catalog later (lib/i18n.ts `completeStrings`). For reading pages, whose
   * forms load their schemas, and the catalog with them, when sent; a page that translates a
   * form's messages as it is sent loads the catalog before hydrating.
   */
  pageStrings?: boolean;
  /** Cards the page adds to the side layout's sidebar, above hot questions (from its loader data). */
  aside?: (data: unknown) => ReactNode;
}

export function fullTitle(title: string | undefined, siteName: string): string {
  return title ? `${title} - ${siteName}` : siteName;
}
