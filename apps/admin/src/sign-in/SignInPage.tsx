import { zodResolver } from "@hookform/resolvers/zod";
import { type SignInRequest, sessionAnswer, signInRequest } from "@workshop/domain/staff-api.ts";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { useDocumentLanguage, useLocale, useT } from "#admin/i18n/use-t.ts";
import { safeNext } from "#admin/session/safe-next.ts";
import { loadSession, rememberSession } from "#admin/session/session.ts";

/** Someone already signed in goes straight on. */
export async function loader({ request }: { request: Request }) {
  if (await loadSession()) throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  return null;
}

export function Component() {
  const t = useT(consoleTexts);
  const locale = useLocale();
  useDocumentLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<SignInRequest>({ resolver: zodResolver(signInRequest), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const signIn = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      rememberSession(await api("/api/admin/session", { method: "POST", body: values, answer: sessionAnswer }));
      navigate(safeNext(params.get("next")), { replace: true });
    } catch (error) {
      // The password is never kept in the form after a refusal.
      form.resetField("password");
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) setRefusal(t("signIn.invalid"));
      else if (error.status === 429) setRefusal(t("signIn.limited", { minutes: Math.ceil((error.retryAfter ?? 60) / 60) }));
      else if (error.status === 0) setRefusal(t("error.unreachable"));
      else setRefusal(error.message);
    }
  });

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <title>{`${t("signIn.title")} — ${t("name")}`}</title>
      <nav aria-label={t("language")} className="mb-6 flex justify-end gap-3 text-sm">
        {(["en", "ru"] as const).map((lang) => {
          const there = new URLSearchParams(params);
          there.set("lang", lang);
          return (
            <Link
              key={lang}
              to={`?${there}`}
              replace
              lang={lang}
              aria-current={locale === lang ? "true" : undefined}
              className={locale === lang ? "font-semibold" : "underline underline-offset-4"}
            >
              {lang === "en" ? "English" : "Русский"}
            </Link>
          );
        })}
      </nav>
      <h1 className="text-3xl font-semibold">{t("signIn.title")}</h1>
      <p className="mt-2 text-ink-700">{t("signIn.intro")}</p>
      {params.has("signedOut") && (
        <p role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          {t("signIn.signedOut")}
        </p>
      )}
      {refusal && (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <form noValidate onSubmit={signIn} className="mt-6 space-y-4">
        <TextField
          label={t("signIn.email")}
          type="email"
          autoComplete="username"
          error={errors.email && t("signIn.emailMissing")}
          {...form.register("email")}
        />
        <TextField
          label={t("signIn.password")}
          type="password"
          autoComplete="current-password"
          error={errors.password && t("signIn.passwordMissing")}
          {...form.register("password")}
        />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t("signIn.sending") : t("signIn.submit")}
        </button>
      </form>
    </main>
  );
}
