import { zodResolver } from "@hookform/resolvers/zod";
import { type Locale, locales } from "@workshop/domain/locale.ts";
import { type OwnPasswordRequest, ownPasswordRequest } from "@workshop/domain/staff-api/accounts.ts";
import { sessionAnswer } from "@workshop/domain/staff-api.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { api } from "#admin/api/client.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { peopleTexts } from "#admin/i18n/people.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { loadSession, rememberSession, signedOutRedirect, useSession } from "#admin/session/session.ts";
import { problemText, refusalOf } from "#admin/staff/problems.ts";

const empty: OwnPasswordRequest = { current: "", next: "", repeat: "" };

/**
 * One's own account (every staff member): a new password with the current one (every other session
 * of the account ends; this browser goes on in a new one), and the console's language.
 */
export function Component() {
  const t = useT(peopleTexts);
  // The page is named as its tab is: one name in each language.
  const title = useT(consoleTexts)("nav.account");
  const { staff } = useSession();
  const [saved, setSaved] = useState<"password" | "locale" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<OwnPasswordRequest>({ resolver: zodResolver(ownPasswordRequest), defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const changePassword = form.handleSubmit(async (values) => {
    setSaved(null);
    setProblem(null);
    try {
      await api("/api/admin/account/password", { method: "PATCH", body: values });
    } catch (error) {
      form.resetField("current");
      return setProblem(refusalOf(error, form, ["current", "next", "repeat"]));
    }
    // The old session (and its token) ended with the change: the new one's token, then an empty form.
    rememberSession(null);
    await loadSession().catch(signedOutRedirect);
    form.reset(empty);
    setSaved("password");
  });

  return (
    <section className="max-w-2xl">
      <title>{title}</title>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-1 text-sm break-words text-ink-600">{t("account.intro", { email: staff.email, role: t(`role.${staff.role}`) })}</p>
      {saved === "password" && <Notice tone="done">{t("account.password.done")}</Notice>}
      {saved === "locale" && <Notice tone="done">{t("account.language.done")}</Notice>}
      {problem && <Notice tone="problem">{problemText(t, problem)}</Notice>}

      <div className="mt-6 rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{t("account.password.title")}</h2>
        <p className="mt-1 text-sm text-ink-600">{t("account.password.intro")}</p>
        <form noValidate onSubmit={changePassword} className="mt-4 space-y-4">
          {/* The account's e-mail, for password managers. */}
          <input type="hidden" name="username" value={staff.email} autoComplete="username" />
          <TextField
            type="password"
            label={t("account.current")}
            autoComplete="current-password"
            error={problemText(t, errors.current?.message)}
            {...form.register("current")}
          />
          <TextField
            type="password"
            label={t("account.next")}
            hint={t("field.passwordHint")}
            autoComplete="new-password"
            error={problemText(t, errors.next?.message)}
            {...form.register("next")}
          />
          <TextField
            type="password"
            label={t("account.repeat")}
            autoComplete="new-password"
            error={problemText(t, errors.repeat?.message)}
            {...form.register("repeat")}
          />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? t("account.password.sending") : t("account.password.submit")}
          </button>
        </form>
      </div>

      <LanguageForm
        locale={staff.locale}
        onSaved={() => {
          setProblem(null);
          setSaved("locale");
        }}
      />
    </section>
  );
}

/** The console's language for this person (their account's). */
function LanguageForm({ locale, onSaved }: { locale: Locale; onSaved: () => void }) {
  const t = useT(peopleTexts);
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get("locale");
    setBusy(true);
    try {
      rememberSession(await api("/api/admin/session", { method: "PATCH", body: { locale: chosen }, answer: sessionAnswer }));
      await revalidator.revalidate();
      onSaved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-6 rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{t("account.language.title")}</h2>
      <p className="mt-1 text-sm text-ink-600">{t("account.language.intro")}</p>
      <form onSubmit={(event) => void save(event)} className="mt-4 space-y-4">
        <SelectField
          key={locale}
          name="locale"
          label={t("field.language")}
          defaultValue={locale}
          options={locales.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        />
        <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={busy}>
          {t("account.language.submit")}
        </button>
      </form>
    </div>
  );
}
