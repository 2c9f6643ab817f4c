/** Countries the shop ships to (SPEC section 5), by their English names as orders store them. */
export const countries = [
  "Australia",
  "Canada",
  "China",
  "France",
  "Germany",
  "India",
  "Indonesia",
  "Italy",
  "Japan",
  "Malaysia",
  "Netherlands",
  "New Zealand",
  "Singapore",
  "South Korea",
  "Spain",
  "Thailand",
  "United Kingdom",
  "United States",
  "Vietnam",
] as const;
export type Country = (typeof countries)[number];
