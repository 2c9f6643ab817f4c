/** A labelled input or textarea with its error message right below it. */
type Props = {
  name: string;
  label: string;
  error?: string;
  type?: "text" | "email" | "tel";
  multiline?: boolean;
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
  defaultValue?: string;
  onEdit?: (name: string) => void;
};

export function TextField({
  name,
  label,
  error,
  type = "text",
  multiline,
  required = true,
  maxLength,
  autoComplete,
  defaultValue,
  onEdit,
}: Props) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required,
    maxLength,
    autoComplete,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    onInput: () => onEdit?.(name),
    className: `mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base shadow-sm outline-none transition focus:border-ink-900 focus:ring-2 focus:ring-ink-900/10 ${
      error ? "border-red-600" : "border-sand-300"
    }`,
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      {multiline ? <textarea rows={6} {...shared} /> : <input type={type} {...shared} />}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
