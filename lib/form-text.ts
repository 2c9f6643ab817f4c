/** A form field as text: "" when it is missing or a file, cut at `max` characters (a form is no place for megabytes). */
export function formText(form: FormData, name: string, max = 20_000): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}
