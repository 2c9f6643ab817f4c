/** A labelled select with its error message right below it. */
type Props = {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** An empty first choice ("Select…"); without it the first option is chosen. */
  placeholder?: string;
  error?: string;
  defaultValue?: string;
  autoComplete?: string;
  onEdit?: (name: string) => void;
  /** For a form library that holds the value (react-hook-form's `register()`). */
  ref?: React.Ref<HTMLSelectElement>;
  onChange?: React.ChangeEventHandler<HTMLSelectElement>;
  onBlur?: React.FocusEventHandler<HTMLSelectElement>;
};

export function SelectField({
  name,
  label,
  options,
  placeholder,
  error,
  defaultValue,
  autoComplete,
  onEdit,
  ref,
  onChange,
  onBlur,
}: Props) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        required
        defaultValue={defaultValue ?? (placeholder !== undefined ? "" : undefined)}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        ref={ref}
        onBlur={onBlur}
        onChange={(event) => {
          onEdit?.(name);
          onChange?.(event);
        }}
        className={`mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base shadow-sm outline-none transition focus:border-ink-900 focus:ring-2 focus:ring-ink-900/10 ${
          error ? "border-red-600" : "border-sand-300"
        }`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
