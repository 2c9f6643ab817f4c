import { localePath } from "@workshop/domain/locale.ts";
import { forwardRef } from "react";
import {
  type FormProps,
  type LinkProps,
  type NavLinkProps,
  Form as RouterForm,
  Link as RouterLink,
  NavLink as RouterNavLink,
} from "react-router";
import { useLocale } from "#app/i18n/core.ts";

/** Puts a path of this site into the page's language: '/products' on a Russian page is '/ru/products'. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localePath(locale, path);
}

/** React Router's Link, NavLink and Form whose site paths stay in the page's language. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  const lp = useLocalePath();
  return <RouterLink ref={ref} to={typeof to === "string" ? lp(to) : to} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, ...props }, ref) {
  const lp = useLocalePath();
  return <RouterNavLink ref={ref} to={typeof to === "string" ? lp(to) : to} {...props} />;
});

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ action, ...props }, ref) {
  const lp = useLocalePath();
  return <RouterForm ref={ref} action={action === undefined ? undefined : lp(action)} {...props} />;
});
