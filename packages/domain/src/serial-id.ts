/** A record's id from a URL or a form: a positive integer PostgreSQL's `integer` holds, without a leading zero; else null. */
export function serialId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
