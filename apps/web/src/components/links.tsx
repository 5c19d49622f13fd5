import type { RefAttributes } from 'react';
import {
  Form as RouterForm,
  Link as RouterLink,
  NavLink as RouterNavLink,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';

/*
 * React Router's Link, NavLink and Form without `data-discover="true"`. The attribute feeds lazy
 * route discovery, a framework-mode feature this data router does not use, and a page sent it
 * on every link (some 45 on a question page, about 1 KB). Pages with many links import these.
 */

export function Link(props: LinkProps & RefAttributes<HTMLAnchorElement>) {
  return <RouterLink discover="none" {...props} />;
}

export function NavLink(props: NavLinkProps & RefAttributes<HTMLAnchorElement>) {
  return <RouterNavLink discover="none" {...props} />;
}

export function Form(props: FormProps & RefAttributes<HTMLFormElement>) {
  return <RouterForm discover="none" {...props} />;
}
