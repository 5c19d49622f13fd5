import { useContext, type ComponentProps, type MouseEvent, type RefAttributes } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  type LinkProps,
  type NavLinkProps,
  type Navigator,
} from 'react-router';

/*
 * React Router's Link and NavLink without `data-discover="true"`. The attribute feeds lazy
 * route discovery, a framework-mode feature this data router does not use, and a page sent it
 * on every link (some 45 on a question page, about 1 KB). Pages with many links import these.
 */

export function Link(props: LinkProps & RefAttributes<HTMLAnchorElement>) {
  const { navigator, basename } = useContext(NavigationContext);
  const here = useContext(LocationContext)?.location;
  const { to, ...rest } = props;
  if (!isPlainPath(to) || !here || basename !== '/' || hasRouterOptions(rest))
    return <RouterLink discover="none" {...props} />;
  // React Router's Link resolves its path through some ten hooks per link, a tenth of a question
  // page's server render; a plain absolute path is its own href, and a click is the same
  // navigation (see followLink). The element is the one RouterLink draws: same attributes, same order.
  const current = here.pathname + here.search + here.hash;
  return <a {...rest} href={to} onClick={(event) => followLink(event, navigator, to, current === to)} />;
}

/**
 * An absolute path React Router would not rewrite: no `//`, `\\`, `.` or `..` segment, no empty
 * `?` or `#` (its href drops those). Anything else goes through RouterLink.
 */
function isPlainPath(to: LinkProps['to']): to is string {
  if (typeof to !== 'string' || to[0] !== '/') return false;
  const end = to.search(/[?#]/);
  const pathname = end < 0 ? to : to.slice(0, end);
  const rest = end < 0 ? '' : to.slice(end);
  return !/\/\/|\\|\/\.\.?(\/|$)/.test(pathname) && !/\?(#|$)|#$/.test(rest);
}

/** Props that change what a click does (or the href): those links stay RouterLinks. */
const ROUTER_OPTIONS = [
  'onClick',
  'reloadDocument',
  'replace',
  'state',
  'target',
  'relative',
  'preventScrollReset',
  'viewTransition',
  'prefetch',
  'mask',
  'defaultShouldRevalidate',
  'discover',
] as const;

function hasRouterOptions(props: object): boolean {
  return ROUTER_OPTIONS.some((name) => name in props);
}

/**
 * A click as React Router's Link handles it: a plain left click navigates in the app (replacing
 * the history entry when the link is the current address); a modified click (new tab, window,
 * download) or one a handler prevented is left to the browser.
 */
function followLink(event: MouseEvent<HTMLAnchorElement>, navigator: Navigator, to: string, isCurrent: boolean) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  if (isCurrent) navigator.replace(to);
  else navigator.push(to);
}

export function NavLink(props: NavLinkProps & RefAttributes<HTMLAnchorElement>) {
  return <RouterNavLink discover="none" {...props} />;
}

/**
 * A search box's form: GET only. A submit navigates in the app to `action` with the fields as
 * its query, as React Router's Form does for GET; being its own few lines, it keeps React
 * Router's Form and submit machinery out of the framework chunk every page loads. The element
 * is the one React Router's Form draws (method, action, then the other props).
 */
export function Form({
  action,
  onSubmit,
  method: _get,
  ...props
}: Omit<ComponentProps<'form'>, 'action' | 'method'> & { action: string; method: 'get' }) {
  const { navigator } = useContext(NavigationContext);
  return (
    <form
      method="get"
      action={action}
      {...props}
      onSubmit={(event) => {
        onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const fields = [...new FormData(event.currentTarget, submitter)].map(([name, value]) => [
          name,
          typeof value === 'string' ? value : value.name,
        ]);
        const query = new URLSearchParams(fields).toString();
        navigator.push(query ? `${action}?${query}` : action);
      }}
    />
  );
}
