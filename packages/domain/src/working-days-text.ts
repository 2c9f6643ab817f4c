import type { Locale } from "./locale.ts";

/** The forms of "N working days" in each language's plural categories (Intl.PluralRules), `other` always. */
const forms: Record<Locale, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  en: { one: "{count} working day", other: "{count} working days" },
  ru: { one: "{count} рабочий день", few: "{count} рабочих дня", many: "{count} рабочих дней", other: "{count} рабочего дня" },
};

const rules = new Map<Locale, Intl.PluralRules>();

/**
 * "10 working days", "2 рабочих дня": a span of the workshop's working days (its opening days,
 * making-stages.ts), as a hat's usual making time is written on the shop's pages and in its e-mails.
 */
export function workingDaysText(count: number, locale: Locale): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  const form = forms[locale][rule.select(count)] ?? forms[locale].other;
  return form.replace("{count}", String(count));
}
