import { unreadCount } from "@workshop/api/messages/inbox.ts";
import { requireStaffForm, requireStaffPage, type StaffUser } from "@workshop/api/staff/guard.ts";
import { shop } from "@workshop/domain/shop.ts";
import {
  Form,
  isRouteErrorResponse,
  NavLink,
  Outlet,
  type ShouldRevalidateFunction,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { admin } from "#app/i18n/admin.ts";
import { useT } from "#app/i18n/core.ts";
import { withinOnePage } from "#app/revalidation.ts";
import type { Route } from "./+types/layout";

/**
 * Every request under /admin passes here first: no signed-in staff, no page (a redirect to the
 * sign-in page); no same-origin form with the session's token, no change (403). Each page's own
 * loader and action check again, so neither a missing check here nor there opens a page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method === "GET" || request.method === "HEAD") await requireStaffPage(request);
    else await requireStaffForm(request, await request.clone().formData());
    const response = (await next()) as Response;
    // Admin pages are one person's: never kept by a browser or proxy cache, never indexed.
    try {
      response.headers.set("Cache-Control", "no-store");
      response.headers.set("X-Robots-Tag", "noindex");
    } catch {
      // A redirect's headers are immutable; it carries no page to keep.
    }
    return response;
  },
];

/**
 * Moving within one page (a filter, a search, another page of a list) changes nothing the frame
 * shows, so only that page's loader runs; a form sent or another page reloads the frame too.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !withinOnePage(args) && args.defaultShouldRevalidate;

export async function loader({ request }: Route.LoaderArgs) {
  const { user, formToken } = await requireStaffPage(request);
  // The Inbox tab shows how many messages nobody has opened yet.
  return { user, formToken, unread: await unreadCount() };
}

type TabLabel = "tab.dashboard" | "tab.products" | "tab.orders" | "tab.customOrders" | "tab.inbox" | "tab.staff" | "tab.audit";
type Tab = { to: string; label: TabLabel; end?: boolean; owner?: boolean };
const tabs: Tab[] = [
  { to: "/admin", label: "tab.dashboard", end: true },
  { to: "/admin/products", label: "tab.products" },
  { to: "/admin/orders", label: "tab.orders" },
  { to: "/admin/custom-orders", label: "tab.customOrders" },
  { to: "/admin/inbox", label: "tab.inbox" },
  { to: "/admin/staff", label: "tab.staff", owner: true },
  { to: "/admin/audit", label: "tab.audit", owner: true },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame user={loaderData.user} unread={loaderData.unread}>
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({ user, unread = 0, children }: { user: StaffUser | undefined; unread?: number; children: React.ReactNode }) {
  const t = useT(admin);
  return (
    <div className="min-h-screen bg-sand-50">
      <header className="border-b border-sand-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <a href="/admin" className="font-serif text-lg font-semibold">
            {shop.name} <span className="font-sans text-sm font-normal text-ink-600">· {t("frame.title")}</span>
          </a>
          {user && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <span className="text-ink-700">
                {t("frame.signedInAs", { name: user.name })}{" "}
                <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs">
                  {t(user.role === "owner" ? "frame.owner" : "frame.staff")}
                </span>
              </span>
              <NavLink to="/admin/account" className="underline-offset-4 hover:underline">
                {t("frame.account")}
              </NavLink>
              <a href="/" className="underline-offset-4 hover:underline">
                {t("frame.shop")}
              </a>
              <Form method="post" action="/admin/logout">
                <TokenField />
                <button
                  type="submit"
                  className="rounded-full border border-ink-900 px-3 py-1 font-medium hover:bg-ink-900 hover:text-sand-50"
                >
                  {t("frame.signOut")}
                </button>
              </Form>
            </div>
          )}
        </div>
        {user && (
          <nav aria-label={t("frame.nav")} className="relative mx-auto max-w-7xl overflow-x-auto px-2 sm:px-4">
            <ul className="flex min-w-max gap-1">
              {tabs
                .filter((tab) => !tab.owner || user.role === "owner")
                .map((tab) => (
                  <li key={tab.to}>
                    <NavLink
                      to={tab.to}
                      end={tab.end}
                      className={({ isActive }) =>
                        `block border-b-2 px-3 py-2.5 text-sm font-medium ${
                          isActive ? "border-clay-600 text-ink-900" : "border-transparent text-ink-600 hover:text-ink-900"
                        }`
                      }
                    >
                      {t(tab.label)}
                      {tab.to === "/admin/inbox" && unread > 0 && (
                        <span className="ml-1.5 rounded-full bg-clay-600 px-1.5 py-0.5 text-xs font-semibold text-white">
                          {unread}
                          <span className="sr-only"> {t("frame.unread")}</span>
                        </span>
                      )}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
        )}
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</div>
    </div>
  );
}

/** Errors inside the admin keep the frame: 403 for owners-only pages, 404, or a failure with Try Again. */
export function ErrorBoundary() {
  const t = useT(admin);
  const error = useRouteError();
  const frame = useRouteLoaderData("admin") as { user?: StaffUser; unread?: number } | undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const kind = status === 403 ? "forbidden" : status === 404 ? "notFound" : "error";
  const code = isRouteErrorResponse(error) ? (error.data as { code?: string } | undefined)?.code : undefined;
  return (
    <AdminFrame user={frame?.user} unread={frame?.unread}>
      <section className="mx-auto max-w-xl py-12 text-center">
        <title>{t(`${kind}.title`)}</title>
        <h1 className="text-2xl font-semibold">{t(`${kind}.title`)}</h1>
        <p className="mt-3 text-ink-700">
          {kind === "forbidden" ? t(code === "form-expired" ? "forbidden.form" : "forbidden.text") : t(`${kind}.text`)}
        </p>
        <p className="mt-6">
          {kind === "error" ? (
            // biome-ignore lint/a11y/useValidAnchor: an empty href reloads this page, also without JavaScript
            <a href="" className="btn-primary">
              {t("error.retry")}
            </a>
          ) : (
            <a href="/admin" className="btn-secondary">
              {t("notFound.back")}
            </a>
          )}
        </p>
      </section>
    </AdminFrame>
  );
}
