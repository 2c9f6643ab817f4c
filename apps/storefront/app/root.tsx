import { pathLocale } from "@workshop/domain/locale.ts";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { shopSettings } from "./api/shop-settings.server";
import stylesheet from "./app.css?inline";
import { DemoBanner } from "./components/DemoBanner";
import { ErrorPage, errorKindOf } from "./components/ErrorPage";
import { NavigationStatus } from "./components/NavigationStatus";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { storefrontConfig } from "./config.server";
import { useLocale } from "./i18n/core";
import { useNonce } from "./nonce";
import { withinOnePage } from "./revalidation";
import { languageHome } from "./web/language-home";
import { localeOf } from "./web/locale";

export const middleware: Route.MiddlewareFunction[] = [languageHome];

/**
 * The language comes from the URL, so going from /ru/… to an English page (or back) reloads it;
 * moving within one page (a filter, a search, another page of a list) does not.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  pathLocale(args.currentUrl.pathname) !== pathLocale(args.nextUrl.pathname) || (!withinOnePage(args) && args.defaultShouldRevalidate);

/** A page that ends at the root's error page keeps its error's headers (a 429's or 503's Retry-After). */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export async function loader({ request }: Route.LoaderArgs) {
  const { paymentsSandbox } = await shopSettings(request);
  return { locale: localeOf(request), origin: storefrontConfig().publicUrl, demo: paymentsSandbox };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = useLocale();
  const nonce = useNonce();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f2ea" />
        {/*
          The stylesheet is written into the page rather than linked: a linked one holds back the
          first paint by one more request over a phone's connection. The browser keeps the server's
          copy (React leaves a style's text as hydration finds it), so its own render needs no text.
        */}
        <style nonce={nonce} suppressHydrationWarning>
          {import.meta.env.SSR ? stylesheet : ""}
        </style>
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col bg-sand-50 font-sans text-ink-900 antialiased">
        <NavigationStatus />
        <DemoBanner />
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page as interactive (browser tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 404 && status !== 429 && status !== 503 && import.meta.env.DEV) console.error(error);
  return <ErrorPage kind={errorKindOf(status)} />;
}
