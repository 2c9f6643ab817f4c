import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider, redirect } from "react-router";
import { loadConfig } from "./api/client.ts";
import { Loading } from "./layout/Loading.tsx";
import { RouteError } from "./layout/RouteError.tsx";
import { requireSession } from "./session/session.ts";

/**
 * The console's pages, each loaded on demand (its own chunk). Every address is under /admin, as the
 * shop's old admin pages were, so the shop's /admin/... redirects to the same page here.
 */
// The API's address comes first: the router runs the first page's loaders as soon as it exists.
await loadConfig();

const router = createBrowserRouter([
  { path: "/", loader: () => redirect("/admin") },
  { path: "/admin/login", lazy: () => import("./sign-in/SignInPage.tsx"), ErrorBoundary: RouteError, HydrateFallback: Loading },
  {
    id: "shell",
    path: "/admin",
    loader: ({ request }) => requireSession(request),
    lazy: () => import("./layout/Shell.tsx"),
    ErrorBoundary: RouteError,
    HydrateFallback: Loading,
    children: [
      { index: true, lazy: () => import("./dashboard/DashboardPage.tsx") },
      { path: "orders", lazy: () => import("./orders/OrdersPage.tsx") },
      { path: "orders/:id", lazy: () => import("./orders/OrderPage.tsx") },
      { path: "orders/:id/mail/:mailId", lazy: () => import("./orders/OrderMailPage.tsx") },
      { path: "making", lazy: () => import("./making/BoardPage.tsx") },
      { path: "making/stages", lazy: () => import("./making/StagesPage.tsx") },
      { path: "products", lazy: () => import("./products/ProductsPage.tsx") },
      { path: "products/new", lazy: () => import("./products/ProductPage.tsx") },
      { path: "products/:id", lazy: () => import("./products/ProductPage.tsx") },
      { path: "custom-orders", lazy: () => import("./custom-orders/CustomOrdersPage.tsx") },
      { path: "custom-orders/:id", lazy: () => import("./custom-orders/CustomOrderPage.tsx") },
      { path: "custom-orders/:id/quote", lazy: () => import("./custom-orders/QuotePage.tsx") },
      { path: "inbox", lazy: () => import("./inbox/InboxPage.tsx") },
      { path: "inbox/:id", lazy: () => import("./inbox/MessagePage.tsx") },
      { path: "staff", lazy: () => import("./staff/StaffPage.tsx") },
      { path: "audit", lazy: () => import("./audit/AuditPage.tsx") },
      { path: "account", lazy: () => import("./account/AccountPage.tsx") },
      { path: "*", lazy: () => import("./layout/NotFound.tsx") },
    ],
  },
  { path: "*", loader: () => redirect("/admin") },
]);

createRoot(document.getElementById("console")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
