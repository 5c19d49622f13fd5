import { useContext, type ComponentProps, type RefAttributes } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_NavigationContext as NavigationContext,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';

/*
 * React Router's Link and NavLink without `data-discover="true"`. The attribute feeds lazy
 * route discovery, a framework-mode feature this data router does not use, and a page sent it
 * on every link (some 45 on a question page, about 1 KB). Pages with many links import these.
 */

export function Link(props: LinkProps & RefAttributes<HTMLAnchorElement>) {
  return <RouterLink discover="none" {...props} />;
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
