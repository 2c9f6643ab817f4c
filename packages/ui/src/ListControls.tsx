import type { RowData } from "@tanstack/react-table";
import type { DataTableList } from "./use-data-table.ts";

/** The fields of a list's filter form, which it sends by GET: the address holds them. */
const field = "mt-1 block w-full rounded-xl border border-sand-300 px-3 py-2";

type Choice = { value: string; label: string };

/** A filter's select, set as the address has it: "Any" first (no filter) when given, then the choices. */
export function FilterChoice<TData extends RowData>({
  list,
  name,
  label,
  any,
  choices,
}: {
  list: DataTableList<TData>;
  name: string;
  label: string;
  any?: string;
  choices: Choice[];
}) {
  return <FormSelect name={name} label={label} value={list.params.get(name) ?? ""} any={any} choices={choices} />;
}

/** A select the filter form sends. */
function FormSelect({ name, label, value, any, choices }: { name: string; label: string; value: string; any?: string; choices: Choice[] }) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select name={name} defaultValue={value} className={`${field} bg-white`}>
        {any !== undefined && <option value="">{any}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter typed in (a search, a date), as the address has it. `wide`: two columns of the form on a wide screen. */
export function FilterField<TData extends RowData>({
  list,
  name,
  label,
  type,
  placeholder,
  maxLength,
  wide = false,
}: {
  list: DataTableList<TData>;
  name: string;
  label: string;
  type: "search" | "date";
  placeholder?: string;
  maxLength?: number;
  wide?: boolean;
}) {
  return (
    <label className={wide ? "text-sm font-medium lg:col-span-2" : "text-sm font-medium"}>
      {label}
      <input
        name={name}
        type={type}
        defaultValue={list.params.get(name) ?? ""}
        placeholder={placeholder}
        maxLength={maxLength}
        className={field}
      />
    </label>
  );
}

/**
 * How many rows a page shows, smallest first: a field of the list's filter form (sent with it), or
 * `atOnce` on its own beside a list without one, showing the list at the chosen size when chosen.
 */
export function PageSize<TData extends RowData>({
  list,
  label,
  atOnce = false,
}: {
  list: DataTableList<TData>;
  label: string;
  atOnce?: boolean;
}) {
  const choices = list.sizes.map((n) => ({ value: String(n), label: String(n) }));
  if (!atOnce) return <FormSelect name={list.sizeName} label={label} value={String(list.size)} choices={choices} />;
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      {label}
      <select
        value={String(list.size)}
        onChange={(event) => list.chooseSize(event.target.value)}
        className="rounded-xl border border-sand-300 bg-white px-3 py-1.5"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
