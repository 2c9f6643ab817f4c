import type { Locale } from "@workshop/domain/locale.ts";
import { useState } from "react";

const key = "studio-language";

/**
 * The studio panel's language: Russian, as the workshop's photo studio speaks (SPEC 1), whatever
 * the console's; English for whoever switches to it, remembered in this browser.
 */
export function useStudioLanguage(): [Locale, (locale: Locale) => void] {
  const [locale, setLocale] = useState<Locale>(() => (readStored() === "en" ? "en" : "ru"));
  const choose = (next: Locale) => {
    setLocale(next);
    try {
      localStorage.setItem(key, next);
    } catch {
      // A browser that keeps nothing (private mode, storage off): the choice lasts this page.
    }
  };
  return [locale, choose];
}

function readStored(): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
