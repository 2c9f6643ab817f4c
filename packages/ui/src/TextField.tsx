/** A labelled input or textarea with its hint and error message right below it. */
type Props = {
  name: string;
  /** The input's id when a page has two fields of one name (default `field-<name>`). */
  id?: string;
  label: string;
  error?: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "password";
  multiline?: boolean;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  autoComplete?: string;
  defaultValue?: string;
  onEdit?: (name: string) => void;
  /** For a form library that holds the value (react-hook-form's `register()`). */
  ref?: React.Ref<HTMLInputElement & HTMLTextAreaElement>;
  onChange?: React.ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: React.FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  disabled?: boolean;
};

export function TextField({
  name,
  id = `field-${name}`,
  label,
  error,
  hint,
  type = "text",
  multiline,
  required = true,
  maxLength,
  minLength,
  autoComplete,
  defaultValue,
  onEdit,
  ref,
  onChange,
  onBlur,
  disabled,
}: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shared = {
    id,
    name,
    required,
    maxLength,
    minLength,
    autoComplete,
    defaultValue,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined,
    onInput: () => onEdit?.(name),
    ref,
    onChange,
    onBlur,
    disabled,
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
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
