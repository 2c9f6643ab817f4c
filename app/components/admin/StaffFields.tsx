/** Form pieces of the staff pages: a labelled input with its message right below it, and a notice. */
const inputClass = (error?: string) =>
  `mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base shadow-sm outline-none focus:border-ink-900 focus:ring-2 focus:ring-ink-900/10 ${
    error ? "border-red-600" : "border-sand-300"
  }`;

type InputProps = {
  name: string;
  /** The input's id when a page has two fields of one name. */
  id?: string;
  label: string;
  error?: string;
  hint?: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  defaultValue?: string;
  maxLength?: number;
  minLength?: number;
  required?: boolean;
};

export function StaffInput({
  name,
  id = `field-${name}`,
  label,
  error,
  hint,
  type = "text",
  autoComplete,
  defaultValue,
  maxLength,
  minLength,
  required = true,
}: InputProps) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        maxLength={maxLength}
        minLength={minLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={inputClass(error)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type SelectProps = { name: string; label: string; options: { value: string; label: string }[]; defaultValue?: string; error?: string };

export function StaffSelect({ name, label, options, defaultValue, error }: SelectProps) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass(error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Notice({ tone, children }: { tone: "done" | "problem"; children: React.ReactNode }) {
  return tone === "done" ? (
    <div role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
      {children}
    </div>
  ) : (
    <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </div>
  );
}
