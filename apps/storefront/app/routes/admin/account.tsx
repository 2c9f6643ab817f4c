import { clientIpOf } from "@workshop/api/http/request-context.ts";
import { changeOwnPassword, type StaffProblem, setLocale, staffProblemOf } from "@workshop/api/staff/accounts.ts";
import { staffCookie } from "@workshop/api/staff/cookie.ts";
import { requireStaffForm, requireStaffPage } from "@workshop/api/staff/guard.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { data, Form, redirect } from "react-router";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { adminStaff } from "#app/i18n/admin-staff.ts";
import { useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/account";

/**
 * One's own account (every staff member): change the password (current, new, new again; the
 * policy's messages beside the fields; every session ends, and this browser goes on in a new one)
 * and choose the admin language.
 */
type Field = "current" | "next" | "repeat" | "locale";
type ActionResult = { intent: string; errors: Partial<Record<Field, StaffProblem | "required" | "repeat">>; problem?: StaffProblem };

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireStaffPage(request);
  const saved = new URL(request.url).searchParams.get("saved");
  return { user, saved: saved === "password" || saved === "locale" ? saved : null };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const { user, actor } = await requireStaffForm(request, form);
  const intent = text(form, "intent");
  try {
    if (intent === "locale") {
      await setLocale(user.id, text(form, "locale"));
      return redirect("/admin/account?saved=locale");
    }
    if (intent === "password") {
      const [current, next, repeat] = [text(form, "current"), text(form, "next"), text(form, "repeat")];
      const errors: ActionResult["errors"] = {};
      if (!current) errors.current = "required";
      if (!next) errors.next = "required";
      if (!repeat) errors.repeat = "required";
      else if (next && repeat !== next) errors.repeat = "repeat";
      if (Object.keys(errors).length > 0) return data<ActionResult>({ intent, errors }, { status: 400 });
      // Every session of the account ends, this one too (its cookie may have been stolen): this
      // browser goes on in a new session, with a new form token.
      const client = { ip: clientIpOf(request), userAgent: request.headers.get("user-agent") };
      const session = await changeOwnPassword(actor, user.id, current, next, client);
      return redirect("/admin/account?saved=password", { headers: { "Set-Cookie": staffCookie(session.id) } });
    }
    return data<ActionResult>({ intent, errors: {} }, { status: 400 });
  } catch (error) {
    const found = staffProblemOf(error);
    if (!found) throw error;
    const field: Field | undefined =
      found.field === "current" ? "current" : found.field === "password" ? "next" : found.field === "locale" ? "locale" : undefined;
    return data<ActionResult>(field ? { intent, errors: { [field]: found.problem } } : { intent, errors: {}, problem: found.problem }, {
      status: found.kind === "not_found" ? 404 : found.problem === "tooManyAttempts" ? 429 : 400,
    });
  }
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(adminStaff);
  const { user, saved } = loaderData;
  const result = actionData as ActionResult | undefined;
  const message = (p: StaffProblem | "required" | "repeat" | undefined) =>
    p === undefined ? undefined : p === "required" ? t("error.required") : p === "repeat" ? t("error.repeat") : t(`problem.${p}`);
  const passwordErrors = result?.intent === "password" ? result.errors : {};
  return (
    <section className="max-w-2xl">
      <title>{t("account.title")}</title>
      <h1 className="text-2xl font-semibold">{t("account.title")}</h1>
      <p className="mt-1 text-sm text-ink-600 break-words">{t("account.intro", { email: user.email, role: t(`role.${user.role}`) })}</p>
      {saved === "password" && !result && <Notice tone="done">{t("account.password.done")}</Notice>}
      {saved === "locale" && !result && <Notice tone="done">{t("account.language.done")}</Notice>}
      {result?.problem && <Notice tone="problem">{message(result.problem)}</Notice>}

      <div className="mt-6 rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{t("account.password.title")}</h2>
        <p className="mt-1 text-sm text-ink-600">{t("account.password.intro")}</p>
        <Form method="post" action="/admin/account" className="mt-4 space-y-4">
          <TokenField />
          <input type="hidden" name="intent" value="password" />
          {/* The account's e-mail, for password managers. */}
          <input type="hidden" name="username" value={user.email} autoComplete="username" />
          <TextField
            name="current"
            type="password"
            label={t("account.current")}
            autoComplete="current-password"
            maxLength={1024}
            error={message(passwordErrors.current)}
          />
          <TextField
            name="next"
            type="password"
            label={t("account.next")}
            hint={t("field.passwordHint")}
            autoComplete="new-password"
            minLength={12}
            maxLength={256}
            error={message(passwordErrors.next)}
          />
          <TextField
            name="repeat"
            type="password"
            label={t("account.repeat")}
            autoComplete="new-password"
            maxLength={256}
            error={message(passwordErrors.repeat)}
          />
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {t("account.password.submit")}
          </button>
        </Form>
      </div>

      <div className="mt-6 rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{t("account.language.title")}</h2>
        <p className="mt-1 text-sm text-ink-600">{t("account.language.intro")}</p>
        <Form method="post" action="/admin/account" className="mt-4 space-y-4">
          <TokenField />
          <input type="hidden" name="intent" value="locale" />
          <SelectField
            name="locale"
            label={t("field.language")}
            defaultValue={user.locale}
            error={message(result?.intent === "locale" ? result.errors.locale : undefined)}
            options={[
              { value: "en", label: t("language.en") },
              { value: "ru", label: t("language.ru") },
            ]}
          />
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            {t("account.language.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}
