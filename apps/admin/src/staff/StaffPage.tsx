import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ColumnDef,
  createSortedRowModel,
  functionalUpdate,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import type { Translate } from "@workshop/domain/i18n/core.ts";
import { type Locale, locales } from "@workshop/domain/locale.ts";
import {
  type NewStaffRequest,
  newStaffRequest,
  type ResetPasswordRequest,
  resetPasswordRequest,
  type StaffAccountRow,
  type StaffChangeAnswer,
  type StaffListAnswer,
  staffChangeAnswer,
  staffListAnswer,
  staffRoles,
} from "@workshop/domain/staff-api/accounts.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TableShell } from "@workshop/ui/TableShell.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useLoaderData, useRevalidator, useSearchParams } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { countText } from "#admin/i18n/counts.ts";
import { peopleTexts } from "#admin/i18n/people.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { signedOutRedirect } from "#admin/session/session.ts";
import { PasswordChoice } from "./PasswordChoice.tsx";
import { problemText, refusalOf } from "./problems.ts";

type Loaded = { list: StaffListAnswer } | { list: null };

/** The accounts; a staff member (not an owner) is told this page is an owner's (the API answers 403). */
export async function loader({ request }: { request: Request }): Promise<Loaded> {
  try {
    return { list: await api("/api/admin/staff", { answer: staffListAnswer, signal: request.signal }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { list: null };
    return signedOutRedirect(error);
  }
}

type Done = { kind: "created" | "disabled" | "enabled" | "reset"; answer: StaffChangeAnswer };
type Confirm = { kind: "disable" | "enable" | "reset"; account: StaffAccountRow };

/** Staff accounts (owners): the list, adding a person, disabling, enabling, resetting a password. */
export function Component() {
  const t = useT(peopleTexts);
  const { list } = useLoaderData<Loaded>();
  const [done, setDone] = useState<Done | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const revalidator = useRevalidator();

  if (!list)
    return (
      <section>
        <title>{t("staff.title")}</title>
        <h1 className="text-2xl font-semibold">{t("staff.title")}</h1>
        <Notice tone="problem">{t("staff.ownersOnly")}</Notice>
      </section>
    );

  const changed = async (next: Done) => {
    setProblem(null);
    setConfirm(null);
    setDone(next);
    await revalidator.revalidate();
  };

  return (
    <section>
      <title>{t("staff.title")}</title>
      <h1 className="text-2xl font-semibold">{t("staff.title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("staff.intro")}</p>
      {done && <DoneNotice done={done} />}
      {problem && <Notice tone="problem">{problemText(t, problem)}</Notice>}
      {confirm && (
        <ConfirmChange
          key={`${confirm.kind}-${confirm.account.id}`}
          confirm={confirm}
          onCancel={() => setConfirm(null)}
          onDone={changed}
          onProblem={setProblem}
        />
      )}
      <AccountsTable
        list={list}
        onAsk={(next) => {
          setDone(null);
          setProblem(null);
          setConfirm(next);
        }}
      />
      <AddPerson onDone={(answer) => changed({ kind: "created", answer })} onProblem={setProblem} />
    </section>
  );
}

/** What was just done, and a password the shop made: shown here once, never again. */
function DoneNotice({ done: { kind, answer } }: { done: Done }) {
  const t = useT(peopleTexts);
  const email = answer.account.email;
  const said = { created: "staff.added", disabled: "staff.disabled", enabled: "staff.enabled", reset: "staff.resetDone" } as const;
  return (
    <Notice tone="done">
      <p>{t(said[kind], { email })}</p>
      {answer.password && (
        <div className="mt-3">
          <p className="font-medium">{t("staff.newPassword", { email })}</p>
          <p className="mt-1 rounded-lg bg-white px-3 py-2 font-mono text-base break-all select-all" data-testid="shown-password">
            {answer.password}
          </p>
          <p className="mt-2">{t("staff.password.shownOnce", { email })}</p>
        </div>
      )}
    </Notice>
  );
}

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
const sortable = ["person", "role", "status", "created"] as const;

/** The sort the address asks for (`?sort=-created`); the list's own order (owners first) otherwise. */
const sortOf = (sort: string | null): SortingState => {
  const id = (sort ?? "").replace(/^-/, "");
  return (sortable as readonly string[]).includes(id) ? [{ id, desc: sort!.startsWith("-") }] : [];
};

function AccountsTable({ list, onAsk }: { list: StaffListAnswer; onAsk: (confirm: Confirm) => void }) {
  const t = useT(peopleTexts);
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const sorting = sortOf(params.get("sort"));
  const status = (a: StaffAccountRow) => statusText(t, a, locale);

  const columns = useMemo<ColumnDef<typeof features, StaffAccountRow>[]>(
    () => [
      {
        id: "person",
        accessorFn: (a) => a.email,
        sortFn: sortFn_text,
        header: t("staff.col.person"),
        cell: ({ row: { original: a } }) => (
          <span className="flex flex-col">
            <span className="font-medium break-all">
              {a.name}
              {a.id === list.meId && <span className="ml-2 text-sm font-normal text-ink-600">({t("staff.you")})</span>}
            </span>
            <span className="text-sm break-all text-ink-700">{a.email}</span>
          </span>
        ),
      },
      {
        id: "role",
        accessorFn: (a) => a.role,
        sortFn: sortFn_text,
        header: t("staff.col.role"),
        cell: ({ row }) => t(`role.${row.original.role}`),
      },
      { id: "language", header: t("staff.col.language"), enableSorting: false, cell: ({ row }) => t(`language.${row.original.locale}`) },
      {
        id: "status",
        accessorFn: (a) => (a.disabledAt ? 1 : 0),
        sortFn: sortFn_basic,
        header: t("staff.col.status"),
        cell: ({ row }) => (
          <span className={row.original.disabledAt ? "font-medium text-red-700" : "text-green-800"}>
            {statusText(t, row.original, locale)}
          </span>
        ),
      },
      {
        id: "created",
        accessorFn: (a) => a.createdAt,
        sortFn: sortFn_text,
        sortDescFirst: true,
        header: t("staff.col.created"),
        cell: ({ row }) => consoleDate(row.original.createdAt, locale),
      },
      {
        id: "actions",
        header: t("staff.col.actions"),
        enableSorting: false,
        cell: ({ row }) => <Actions account={row.original} meId={list.meId} onAsk={onAsk} />,
      },
    ],
    [t, locale, list.meId, onAsk],
  );

  const table = useTable({
    features,
    columns,
    data: list.accounts,
    getRowId: (a) => String(a.id),
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      setParams(
        (current) => {
          const changed = new URLSearchParams(current);
          if (next) changed.set("sort", `${next.desc ? "-" : ""}${next.id}`);
          else changed.delete("sort");
          return changed;
        },
        { replace: true },
      );
    },
  });
  const rows = table.getRowModel().rows;

  return (
    <>
      <p className="mt-6 text-sm text-ink-700">{countText("accounts", list.accounts.length, locale)}</p>
      {/* A phone shows each account as a card; a wider screen the table. */}
      <ul className="mt-2 space-y-3 md:hidden" aria-label={t("staff.title")}>
        {rows.map(({ original: a }) => (
          <li key={a.id} className="rounded-2xl border border-sand-200 bg-white p-4">
            <p className="font-medium break-all">
              {a.name}
              {a.id === list.meId && <span className="ml-2 text-sm font-normal text-ink-600">({t("staff.you")})</span>}
            </p>
            <p className="text-sm break-all text-ink-700">{a.email}</p>
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-600">
              <span>{t(`role.${a.role}`)}</span>
              <span>{t(`language.${a.locale}`)}</span>
              <span>{status(a)}</span>
            </p>
            <div className="mt-3">
              <Actions account={a} meId={list.meId} onAsk={onAsk} />
            </div>
          </li>
        ))}
      </ul>
      <TableShell table={table} rows={rows} className="mt-2" />
    </>
  );
}

/** Active, or since when disabled. */
function statusText(t: Translate<keyof (typeof peopleTexts)["en"] & string>, account: StaffAccountRow, locale: Locale): string {
  return account.disabledAt ? t("staff.disabledSince", { date: consoleDate(account.disabledAt, locale) }) : t("staff.active");
}

/** Reset, disable or enable: each asks first. One's own account has none (its password is changed at Account). */
function Actions({ account, meId, onAsk }: { account: StaffAccountRow; meId: number; onAsk: (confirm: Confirm) => void }) {
  const t = useT(peopleTexts);
  if (account.id === meId) return null;
  const label = (text: string) => `${text}: ${account.email}`;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn-secondary px-4 py-2"
        aria-label={label(t("staff.reset"))}
        onClick={() => onAsk({ kind: "reset", account })}
      >
        {t("staff.reset")}
      </button>
      {account.disabledAt ? (
        <button
          type="button"
          className="btn-secondary px-4 py-2"
          aria-label={label(t("staff.enable"))}
          onClick={() => onAsk({ kind: "enable", account })}
        >
          {t("staff.enable")}
        </button>
      ) : (
        <button
          type="button"
          className="btn-secondary px-4 py-2"
          aria-label={label(t("staff.disable"))}
          onClick={() => onAsk({ kind: "disable", account })}
        >
          {t("staff.disable")}
        </button>
      )}
    </div>
  );
}

/** The confirm step of a change, with the new password's choice for a reset. */
function ConfirmChange({
  confirm: { kind, account },
  onCancel,
  onDone,
  onProblem,
}: {
  confirm: Confirm;
  onCancel: () => void;
  onDone: (done: Done) => Promise<void>;
  onProblem: (problem: string | null) => void;
}) {
  const t = useT(peopleTexts);
  const form = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { choice: "generate", password: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    onProblem(null);
    const path = { disable: "disable", enable: "enable", reset: "password" }[kind];
    try {
      const answer = await api(`/api/admin/staff/${account.id}/${path}`, {
        method: "POST",
        body: kind === "reset" ? values : undefined,
        answer: staffChangeAnswer,
      });
      await onDone({ kind: kind === "disable" ? "disabled" : kind === "enable" ? "enabled" : "reset", answer });
    } catch (error) {
      onProblem(refusalOf(error, form, ["password"]));
    }
  });
  const action = { disable: "staff.disable", enable: "staff.enable", reset: "staff.reset" } as const;
  return (
    <section className="mt-6 rounded-2xl border-2 border-clay-600 bg-white p-5" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="text-lg font-semibold break-all">
        {t(`confirm.${kind}.title`, { email: account.email })}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{t(`confirm.${kind}.text`)}</p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        {kind === "reset" && (
          <PasswordChoice
            id="reset"
            legend={t("field.newPassword")}
            error={problemText(t, form.formState.errors.password?.message)}
            choice={form.register("choice")}
            password={form.register("password")}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={form.formState.isSubmitting}>
            {t(action[kind])}
          </button>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {t("confirm.cancel")}
          </button>
        </div>
      </form>
    </section>
  );
}

const blank: NewStaffRequest = { email: "", name: "", role: "staff", locale: "en", choice: "generate", password: "" };

/** Adding a person; emptied after each success, for the next. */
function AddPerson({
  onDone,
  onProblem,
}: {
  onDone: (answer: StaffChangeAnswer) => Promise<void>;
  onProblem: (problem: string | null) => void;
}) {
  const t = useT(peopleTexts);
  const form = useForm<NewStaffRequest>({ resolver: zodResolver(newStaffRequest), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    onProblem(null);
    try {
      const answer = await api("/api/admin/staff", { method: "POST", body: values, answer: staffChangeAnswer });
      form.reset(blank);
      await onDone(answer);
    } catch (error) {
      onProblem(refusalOf(error, form, ["email", "name", "role", "locale", "password"]));
    }
  });
  return (
    <div className="mt-8 rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 className="text-lg font-semibold">{t("staff.add.title")}</h2>
      <p className="mt-1 text-sm text-ink-600">{t("staff.add.intro")}</p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          type="email"
          label={t("field.email")}
          autoComplete="off"
          error={problemText(t, errors.email?.message)}
          {...form.register("email")}
        />
        <TextField label={t("field.name")} autoComplete="off" error={problemText(t, errors.name?.message)} {...form.register("name")} />
        <SelectField
          label={t("field.role")}
          error={problemText(t, errors.role?.message)}
          options={staffRoles.map((role) => ({ value: role, label: t(`role.${role}`) }))}
          {...form.register("role")}
        />
        <SelectField
          label={t("field.language")}
          error={problemText(t, errors.locale?.message)}
          options={locales.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          {...form.register("locale")}
        />
        <div className="sm:col-span-2">
          <PasswordChoice
            id="add"
            legend={t("staff.password.title")}
            error={problemText(t, errors.password?.message)}
            choice={form.register("choice")}
            password={form.register("password")}
          />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {t("staff.add.submit")}
          </button>
        </div>
      </form>
    </div>
  );
}
