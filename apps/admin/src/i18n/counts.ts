import type { Locale } from "@workshop/domain/locale.ts";

/** Each plural category a language has (Intl.PluralRules), `other` always. */
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * Counts with their noun, in each language's plural forms: English has one and other (1 account,
 * 2 accounts); Russian one, few, many and other (1 аккаунт, 2 аккаунта, 5 аккаунтов, 1,5 аккаунта).
 */
const counts = {
  accounts: {
    en: { one: "{count} account", other: "{count} accounts" },
    ru: { one: "{count} аккаунт", few: "{count} аккаунта", many: "{count} аккаунтов", other: "{count} аккаунта" },
  },
  orders: {
    en: { one: "{count} order", other: "{count} orders" },
    ru: { one: "{count} заказ", few: "{count} заказа", many: "{count} заказов", other: "{count} заказа" },
  },
  photos: {
    en: { one: "{count} photo", other: "{count} photos" },
    ru: { other: "{count} фото" },
  },
  workingDays: {
    en: { one: "{count} working day", other: "{count} working days" },
    ru: { one: "{count} рабочий день", few: "{count} рабочих дня", many: "{count} рабочих дней", other: "{count} рабочего дня" },
  },
  days: {
    en: { one: "{count} day", other: "{count} days" },
    ru: { one: "{count} день", few: "{count} дня", many: "{count} дней", other: "{count} дня" },
  },
} satisfies Record<string, Record<Locale, Forms>>;

type Counted = keyof typeof counts;

const rules = new Map<Locale, Intl.PluralRules>();

/** "2 accounts", "5 аккаунтов": the count as the language writes numbers, with its noun's form for it. */
export function countText(noun: Counted, count: number, locale: Locale): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  const forms: Forms = counts[noun][locale];
  return (forms[rule.select(count)] ?? forms.other).replace("{count}", new Intl.NumberFormat(locale).format(count));
}
