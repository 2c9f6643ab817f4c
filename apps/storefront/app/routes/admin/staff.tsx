import {
  accountById,
  createAccount,
  disableAccount,
  enableAccount,
  generatePassword,
  listAccounts,
  type StaffProblem,
  type StaffProblemDetails,
  setPassword,
  staffProblemOf,
} from "@workshop/api/staff/accounts.ts";
import { requireOwner, requireStaffForm, requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { data, Form } from "react-router";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { adminStaff } from "#app/i18n/admin-staff.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/staff";

/**
 * Staff accounts (owners only): the list, adding a person (a generated first password shown once,
 * or one the owner types), and disabling, enabling or resetting a password after a confirm step
 * that is a page of its own (`?confirm=disable&id=…`), so it works without JavaScript.
 */
const confirmKinds = ["disable", "enable", "reset"] as const;
type ConfirmKind = (typeof confirmKinds)[number];
type Field = StaffProblemDetails["field"] & string;
type Values = { email: string; name: string; role: string; locale: string; choice: string };
type ActionResult = {
  intent: string;
  done?: "created" | "disabled" | "enabled" | "reset";
  email?: string;
  /** A generated password: in this one answer and nowhere else. */
  password?: string;
  problem?: StaffProblem;
  errors?: Partial<Record<Field, StaffProblem | "required">>;
  values?: Values;
  confirm?: { kind: ConfirmKind; id: number; email: string };
};

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireStaffPage(request);
  requireOwner(context);
  const accounts = await listAccounts();
  const query = new URL(request.url).searchParams;
  const kind = query.get("confirm");
  const target = accounts.find((a) => String(a.id) === query.get("id"));
  const confirm =
    target && (confirmKinds as readonly string[]).includes(kind ?? "")
      ? { kind: kind as ConfirmKind, id: target.id, email: target.email }
      : null;
  return { accounts, meId: context.user.id, confirm };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const context = await requireStaffForm(request, form);
  requireOwner(context);
  const intent = text(form, "intent");
  const id = Number(text(form, "id"));
  const choice = text(form, "choice") === "own" ? "own" : "generate";
  const password = choice === "own" ? text(form, "password") : generatePassword();
  const values: Values = {
    email: text(form, "email"),
    name: text(form, "name"),
    role: text(form, "role"),
    locale: text(form, "locale"),
    choice,
  };
  const target = intent === "create" ? null : await accountById(id);
  const confirm = target && intent === "reset" ? { kind: "reset" as const, id: target.id, email: target.email } : undefined;
  try {
    if (intent === "create") {
      if (choice === "own" && !password) return data<ActionResult>({ intent, errors: { password: "required" }, values }, { status: 400 });
      const account = await createAccount(context.actor, { ...values, password });
      return {
        intent,
        done: "created",
        email: account.email,
        password: choice === "generate" ? password : undefined,
      } satisfies ActionResult;
    }
    if (!target) return data<ActionResult>({ intent, problem: "notFound" }, { status: 404 });
    if (intent === "disable") {
      await disableAccount(context.actor, target.id);
      return { intent, done: "disabled", email: target.email } satisfies ActionResult;
    }
    if (intent === "enable") {
      await enableAccount(context.actor, target.id);
      return { intent, done: "enabled", email: target.email } satisfies ActionResult;
    }
    if (intent === "reset") {
      if (choice === "own" && !password)
        return data<ActionResult>({ intent, errors: { password: "required" }, values, confirm }, { status: 400 });
      await setPassword(context.actor, target.id, password);
      return { intent, done: "reset", email: target.email, password: choice === "generate" ? password : undefined } satisfies ActionResult;
    }
    return data<ActionResult>({ intent, problem: "notFound" }, { status: 400 });
  } catch (error) {
    const found = staffProblemOf(error);
    if (!found) throw error;
    const status = found.kind === "conflict" ? 409 : found.kind === "not_found" ? 404 : found.kind === "forbidden" ? 403 : 400;
    const result: ActionResult = found.field
      ? { intent, errors: { [found.field]: found.problem }, values, confirm }
      : { intent, problem: found.problem, confirm };
    return data(result, { status });
  }
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(adminStaff);
  const locale = useLocale();
  const result = actionData as ActionResult | undefined;
  const { accounts, meId } = loaderData;
  const confirm = result?.done ? null : (result?.confirm ?? loaderData.confirm);
  const problemText = (p: StaffProblem | "required" | undefined) =>
    p ? (p === "required" ? t("error.required") : t(`problem.${p}`)) : undefined;
  const createErrors = result?.intent === "create" ? result.errors : undefined;
  const values = result?.intent === "create" && !result.done ? result.values : undefined;

  return (
    <section>
      <title>{t("staff.title")}</title>
      <h1 className="text-2xl font-semibold">{t("staff.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("staff.intro")}</p>

      {result?.done && result.email && (
        <Notice tone="done">
          <p>
            {result.done === "created"
              ? t("staff.added", { email: result.email })
              : result.done === "disabled"
                ? t("staff.disabled", { email: result.email })
                : result.done === "enabled"
                  ? t("staff.enabled", { email: result.email })
                  : t("staff.resetDone", { email: result.email })}
          </p>
          {result.password && (
            <div className="mt-3">
              <p className="font-medium">{t("staff.newPassword", { email: result.email })}</p>
              <p className="mt-1 select-all break-all rounded-lg bg-white px-3 py-2 font-mono text-base" data-testid="shown-password">
                {result.password}
              </p>
              <p className="mt-2">{t("staff.password.shownOnce", { email: result.email })}</p>
            </div>
          )}
        </Notice>
      )}
      {result?.problem && <Notice tone="problem">{problemText(result.problem)}</Notice>}

      {confirm && (
        <section className="mt-6 rounded-2xl border-2 border-clay-600 bg-white p-5" aria-labelledby="confirm-title">
          <h2 id="confirm-title" className="text-lg font-semibold">
            {t(`confirm.${confirm.kind}.title`, { email: confirm.email })}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{t(`confirm.${confirm.kind}.text`)}</p>
          <Form method="post" action="/admin/staff" className="mt-4 space-y-4">
            <TokenField />
            <input type="hidden" name="intent" value={confirm.kind} />
            <input type="hidden" name="id" value={confirm.id} />
            {confirm.kind === "reset" && (
              <PasswordChoice
                id="reset"
                legend={t("field.newPassword")}
                error={problemText(result?.intent === "reset" ? result.errors?.password : undefined)}
                choice={result?.values?.choice}
              />
            )}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary">
                {t(confirm.kind === "disable" ? "staff.disable" : confirm.kind === "enable" ? "staff.enable" : "staff.reset")}
              </button>
              <a href="/admin/staff" className="btn-secondary">
                {t("confirm.cancel")}
              </a>
            </div>
          </Form>
        </section>
      )}

      <ul className="mt-6 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
        {accounts.map((a) => (
          <li key={a.id} className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-all">
                {a.name}
                {a.id === meId && <span className="ml-2 text-sm font-normal text-ink-600">({t("staff.you")})</span>}
              </p>
              <p className="text-sm text-ink-700 break-all">{a.email}</p>
              <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-600">
                <span className="rounded-full bg-sand-100 px-2 py-0.5">{t(`role.${a.role}`)}</span>
                <span>{a.locale === "ru" ? "Русский" : "English"}</span>
                <span>
                  {t("staff.col.created")}: {adminDate(a.createdAt, locale)}
                </span>
                <span className={a.disabledAt ? "font-medium text-red-700" : "text-green-800"}>
                  {a.disabledAt ? t("staff.disabledSince", { date: adminDate(a.disabledAt, locale) }) : t("staff.active")}
                </span>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {/* One's own password is changed at Account, with the current one (setPassword refuses it here). */}
              {a.id !== meId && (
                <a href={`/admin/staff?confirm=reset&id=${a.id}`} className="btn-secondary px-4 py-2">
                  {t("staff.reset")}
                </a>
              )}
              {a.id !== meId &&
                (a.disabledAt ? (
                  <a href={`/admin/staff?confirm=enable&id=${a.id}`} className="btn-secondary px-4 py-2">
                    {t("staff.enable")}
                  </a>
                ) : (
                  <a href={`/admin/staff?confirm=disable&id=${a.id}`} className="btn-secondary px-4 py-2">
                    {t("staff.disable")}
                  </a>
                ))}
            </div>
          </li>
        ))}
      </ul>

      <div className="mt-8 rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
        <h2 className="text-lg font-semibold">{t("staff.add.title")}</h2>
        <p className="mt-1 text-sm text-ink-600">{t("staff.add.intro")}</p>
        {/* A new key after each success empties the form for the next person. */}
        <Form
          method="post"
          action="/admin/staff"
          className="mt-4 grid gap-4 sm:grid-cols-2"
          key={result?.done === "created" ? result.email : "add"}
        >
          <TokenField />
          <input type="hidden" name="intent" value="create" />
          <TextField
            name="email"
            type="email"
            label={t("field.email")}
            autoComplete="off"
            maxLength={254}
            defaultValue={values?.email}
            error={problemText(createErrors?.email)}
          />
          <TextField
            name="name"
            label={t("field.name")}
            autoComplete="off"
            maxLength={100}
            defaultValue={values?.name}
            error={problemText(createErrors?.name)}
          />
          <SelectField
            name="role"
            label={t("field.role")}
            defaultValue={values?.role || "staff"}
            error={problemText(createErrors?.role)}
            options={[
              { value: "staff", label: t("role.staff") },
              { value: "owner", label: t("role.owner") },
            ]}
          />
          <SelectField
            name="locale"
            label={t("field.language")}
            defaultValue={values?.locale || "en"}
            error={problemText(createErrors?.locale)}
            options={[
              { value: "en", label: t("language.en") },
              { value: "ru", label: t("language.ru") },
            ]}
          />
          <div className="sm:col-span-2">
            <PasswordChoice
              id="add"
              legend={t("staff.password.title")}
              error={problemText(createErrors?.password)}
              choice={values?.choice}
            />
          </div>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary w-full sm:w-auto">
              {t("staff.add.submit")}
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}

/** A generated password (the default) or one the owner types; the field is used only with "own". */
function PasswordChoice({ id, error, choice, legend }: { id: string; error?: string; choice?: string; legend: string }) {
  const t = useT(adminStaff);
  const own = choice === "own";
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink-900">{legend}</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="choice" value="generate" defaultChecked={!own} className="mt-1" />
        {t("staff.password.generate")}
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="choice" value="own" defaultChecked={own} className="mt-1" />
        {t("staff.password.own")}
      </label>
      <TextField
        name="password"
        id={`${id}-password`}
        type="password"
        label={t("field.password")}
        hint={t("field.passwordHint")}
        autoComplete="new-password"
        maxLength={256}
        required={false}
        error={error}
      />
    </fieldset>
  );
}
