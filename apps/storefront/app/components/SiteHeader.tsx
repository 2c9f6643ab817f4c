import { shop } from "@workshop/domain/shop.ts";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";
import { CloseIcon, HatIcon, MenuIcon } from "./Icons";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { Link, NavLink } from "./localized";
import { mainNav, moreNav } from "./nav";
import { useHydrated } from "./useHydrated";

/**
 * The header and its slide-out menu. The menu is a modal <dialog>: the browser keeps focus
 * inside it while open and closes it on Escape. Without JavaScript the menu button jumps to
 * the footer's list of every page.
 */
export function SiteHeader() {
  const t = useT(common);
  const hydrated = useHydrated();
  const drawer = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  // The menu's links are rendered only once it is opened: every page is lighter to render.
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (menuOpen && !drawer.current?.open) drawer.current?.showModal();
  }, [menuOpen]);
  // A link followed inside the menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => drawer.current?.close(), [location.pathname]);

  // The browser keeps focus in a modal dialog's page, but Tab may still leave for the browser's
  // own toolbar; this keeps it cycling through the menu.
  const keepFocusInside = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== "Tab") return;
    const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  const menuButtonClass = "-ml-2 rounded-full p-2 text-ink-900 hover:bg-sand-200";
  return (
    <header className="sticky top-0 z-30 border-b border-sand-200 bg-sand-50/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-ink-900 focus:px-3 focus:py-2 focus:text-sand-50"
      >
        {t("skip")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        {hydrated ? (
          <button
            type="button"
            className={menuButtonClass}
            aria-label={t("menu.open")}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </button>
        ) : (
          <a href="#site-pages" className={menuButtonClass} aria-label={t("menu.open")}>
            <MenuIcon />
          </a>
        )}
        <Link to="/" className="flex items-center gap-2 text-ink-900">
          <HatIcon className="size-7 text-clay-600" />
          <span className="font-serif text-xl font-semibold tracking-tight">{shop.name}</span>
        </Link>
        <nav aria-label={t("menu.title")} className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.slice(1).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `rounded-full px-3 py-2 text-sm font-medium ${isActive ? "bg-sand-200 text-ink-900" : "text-ink-700 hover:text-ink-900"}`
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="ml-auto" />
      </div>
      <dialog
        ref={drawer}
        className="drawer bg-sand-50 p-0 text-ink-900 shadow-2xl"
        aria-label={t("menu.title")}
        onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}
        onKeyDown={keepFocusInside}
        onClose={() => setMenuOpen(false)}
      >
        {menuOpen && (
          <div className="flex h-full flex-col p-6">
            <div className="mb-8 flex items-center justify-between">
              <span className="font-serif text-xl font-semibold">{shop.name}</span>
              <button
                type="button"
                className="rounded-full p-2 hover:bg-sand-200"
                aria-label={t("menu.close")}
                onClick={() => drawer.current?.close()}
              >
                <CloseIcon />
              </button>
            </div>
            <nav aria-label={t("menu.title")}>
              <ul className="space-y-1">
                {mainNav.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end
                      onClick={() => drawer.current?.close()}
                      className={({ isActive }) =>
                        `block rounded-lg px-3 py-3 font-serif text-xl ${isActive ? "bg-sand-200" : "hover:bg-sand-100"}`
                      }
                    >
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              <ul className="mt-6 space-y-1 border-t border-sand-200 pt-6">
                {moreNav.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      onClick={() => drawer.current?.close()}
                      className="block rounded-lg px-3 py-2 text-ink-700 hover:bg-sand-100"
                    >
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <p className="mt-auto text-sm text-ink-500">{t("brand.tagline")}</p>
          </div>
        )}
      </dialog>
    </header>
  );
}
