import type { Locale } from "./locale.ts";

/**
 * Who did something when it was no person: the shop's own labels (the API's audit/actor.ts, the
 * `npm run admin` shell, the studio's jobs) in the reader's language. A person's name, or an e-mail
 * kept when there is no name, stays as it is.
 */
const machines: Record<string, Record<Locale, string>> = {
  system: { en: "The shop", ru: "Магазин" },
  "api token": { en: "API token", ru: "API-токен" },
  shell: { en: "Command line", ru: "Командная строка" },
  "studio photos": { en: "Studio photos", ru: "Студийные фото" },
};

export function actorName(label: string, locale: Locale): string {
  return Object.hasOwn(machines, label) ? machines[label]![locale] : label;
}
