import { type Locale, localePath, pathLocale } from "@workshop/domain/locale.ts";
import { routedPath } from "@workshop/http/request-body.ts";

/**
 * The page a client gets once it has asked for too many unknown private links: plain HTML made
 * once, not the shop's rendered 429 page, so a guesser's requests cost next to nothing (and no
 * inline style, which the Content-Security-Policy refuses). Its words are those of the 429 page
 * (app/i18n/common.ts); the language is the address's (decision 010).
 */
const texts: Record<Locale, { title: string; text: string; home: string }> = {
  en: {
    title: "Too many requests",
    text: "You have sent a lot in a short time, so we paused for a moment. Please wait a few minutes and try again.",
    home: "Back to Home",
  },
  ru: {
    title: "Слишком много запросов",
    text: "За короткое время пришло слишком много запросов, поэтому мы сделали паузу. Подождите несколько минут и попробуйте снова.",
    home: "На главную",
  },
};

const pages = Object.fromEntries(
  Object.entries(texts).map(([locale, t]) => [
    locale,
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title></head><body><h1>${t.title}</h1><p>${t.text}</p><p><a href="${localePath(locale as Locale, "/")}">${t.home}</a></p></body></html>`,
  ]),
) as Record<Locale, string>;

export const linkRefusalPage = (path: string): string => pages[pathLocale(routedPath(path))];
