import { clientIpOf } from "@workshop/api/http/request-context.ts";
import { languageCookie } from "@workshop/api/locale.ts";
import { staffCookie } from "@workshop/api/staff/cookie.ts";
import { safeNext, staffOf } from "@workshop/api/staff/guard.ts";
import { signIn } from "@workshop/api/staff/sign-in.ts";
import { isLocale } from "@workshop/domain/locale.ts";
import { shop } from "@workshop/domain/shop.ts";
import { TextField } from "@workshop/ui/TextField.tsx";
import { data, Form, redirect, useNavigation } from "react-router";
import { admin } from "#app/i18n/admin.ts";
import { useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/login";

type ActionResult = { error: "required" | "invalid" | "limited"; minutes?: number; email: string };

const privateHeaders = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const merged = new Headers(privateHeaders);
  for (const from of [loaderHeaders, actionHeaders]) for (const [k, v] of from) merged.set(k, v);
  return merged;
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // ?lang=ru chooses the page's language (kept like the shop's own language switch).
  const lang = url.searchParams.get("lang");
  if (isLocale(lang)) {
    url.searchParams.delete("lang");
    return redirect(url.pathname + url.search, { headers: { "Set-Cookie": await languageCookie.serialize(lang) } });
  }
  if (await staffOf(request)) return redirect(safeNext(url.searchParams.get("next")));
  return data({ signedOut: url.searchParams.has("signedOut"), next: url.searchParams.get("next") }, { headers: privateHeaders });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 254);
  const password = String(form.get("password") ?? "");
  // (A sign-in posted from another site never gets here: the web server refuses it, server/http/same-origin.ts.)
  if (!email.trim() || !password) return data<ActionResult>({ error: "required", email }, { status: 400 });
  const result = await signIn({ email, password, ip: clientIpOf(request), userAgent: request.headers.get("user-agent") });
  if (result.ok) {
    const next = safeNext(new URL(request.url).searchParams.get("next"));
    return redirect(next, { headers: { "Set-Cookie": staffCookie(result.sessionId) } });
  }
  if (result.reason === "limited") {
    return data<ActionResult>(
      { error: "limited", minutes: Math.ceil(result.retryAfter / 60), email },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  }
  return data<ActionResult>({ error: "invalid", email }, { status: 401 });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(admin);
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const submitting = navigation.state === "submitting";
  const message =
    result?.error === "limited"
      ? t("login.limited", { minutes: result.minutes ?? 15 })
      : result?.error === "required"
        ? t("login.required")
        : result
          ? t("login.invalid")
          : null;
  const next = loaderData.next ? `?next=${encodeURIComponent(loaderData.next)}` : "";
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">
      <title>{t("meta.title", { page: t("login.title"), name: shop.name })}</title>
      <p className="text-center font-serif text-2xl font-semibold">{shop.name}</p>
      <div className="mt-6 rounded-2xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold">{t("login.title")}</h1>
        <p className="mt-2 text-ink-700">{t("login.intro")}</p>
        {loaderData.signedOut && !result && (
          <p role="status" className="mt-4 rounded-xl bg-sand-100 px-4 py-3 text-sm">
            {t("login.signedOut")}
          </p>
        )}
        {message && (
          <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {message}
          </p>
        )}
        <Form method="post" action={`/admin/login${next}`} className="mt-6 space-y-4">
          <TextField
            name="email"
            type="email"
            label={t("login.email")}
            autoComplete="username"
            defaultValue={result?.email}
            maxLength={254}
          />
          <TextField name="password" type="password" label={t("login.password")} autoComplete="current-password" maxLength={1024} />
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? t("login.submitting") : t("login.submit")}
          </button>
        </Form>
      </div>
      <nav aria-label={t("login.language")} className="mt-6 flex justify-center gap-4 text-sm">
        <a href={`/admin/login?lang=en${next.replace("?", "&")}`} className="underline" hrefLang="en" lang="en">
          English
        </a>
        <a href={`/admin/login?lang=ru${next.replace("?", "&")}`} className="underline" hrefLang="ru" lang="ru">
          Русский
        </a>
      </nav>
    </section>
  );
}
