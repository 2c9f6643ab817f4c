// Russian letters in Latin ones, so a Russian file name stays readable in the key.
const cyrillic: Record<string, string> = Object.fromEntries(
  "а:a б:b в:v г:g д:d е:e ё:e ж:zh з:z и:i й:y к:k л:l м:m н:n о:o п:p р:r с:s т:t у:u ф:f х:kh ц:ts ч:ch ш:sh щ:shch ъ: ы:y ь: э:e ю:yu я:ya"
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

/** A file's name made safe for a storage key: ASCII letters, digits and hyphens, at most 100 of them. */
export function cleanName(name: string): string {
  const base = name
    .replace(/^.*[/\\]/, "")
    .toLowerCase()
    .replace(/[а-яё]/g, (letter) => cyrillic[letter] ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/\.[^.]*$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 100)
    .replace(/^-+|-+$/g, "");
  return base || "image";
}

/**
 * The key of an upload's file (SPEC 7): the time plus the cleaned original name; when several are
 * sent at once, a `product` prefix and the file's number (from 1) too. At most ~140 characters.
 */
export function pathnameOf(name: string, extension: string, time: number, index: number | null): string {
  const stem = index === null ? `${time}-${cleanName(name)}` : `product-${time}-${index + 1}-${cleanName(name)}`;
  return `${stem}.${extension}`;
}
