import { TextField } from "@workshop/ui/TextField.tsx";
import type { UseFormRegisterReturn } from "react-hook-form";
import { peopleTexts } from "#admin/i18n/people.ts";
import { useT } from "#admin/i18n/use-t.ts";

/** A password the shop makes and shows once (the default), or one the owner types; the field counts only with "own". */
export function PasswordChoice({
  id,
  legend,
  error,
  choice,
  password,
}: {
  id: string;
  legend: string;
  error?: string;
  choice: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
}) {
  const t = useT(peopleTexts);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink-900">{legend}</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" value="generate" className="mt-1" {...choice} />
        {t("staff.password.generate")}
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" value="own" className="mt-1" {...choice} />
        {t("staff.password.own")}
      </label>
      <TextField
        id={`${id}-password`}
        type="password"
        label={t("field.password")}
        hint={t("field.passwordHint")}
        autoComplete="new-password"
        required={false}
        error={error}
        {...password}
      />
    </fieldset>
  );
}
