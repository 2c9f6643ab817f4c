import { locales } from "@workshop/domain/locale.ts";
import { sessionAnswer } from "@workshop/domain/staff-api.ts";
import { NavLink, Outlet, useNavigate, useRevalidator } from "react-router";
import { api } from "#admin/api/client.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { useDocumentLanguage, useT } from "#admin/i18n/use-t.ts";
import { rememberSession, useSession } from "#admin/session/session.ts";

type Section = {
  key: "dashboard" | "orders" | "making" | "products" | "custom" | "inbox" | "staff" | "audit" | "account";
  to: string;
  /** Shown to owners only (SPEC 2.11): staff would find a refusal there. */
  owners?: true;
};

// The console's sections, every one drawn here.
const sections: Section[] = [
  { key: "dashboard", to: "/admin" },
  { key: "orders", to: "/admin/orders" },
  { key: "making", to: "/admin/making" },
  { key: "products", to: "/admin/products" },
  { key: "custom", to: "/admin/custom-orders" },
  { key: "inbox", to: "/admin/inbox" },
  { key: "staff", to: "/admin/staff", owners: true },
  { key: "audit", to: "/admin/audit", owners: true },
  { key: "account", to: "/admin/account" },
];

const tab = "rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap";

/** The frame of every signed-in page: who is signed in, the sections, language and sign-out. */
export function Component() {
  const t = useT(consoleTexts);
  useDocumentLanguage();
  const { staff } = useSession();
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  const chooseLanguage = async (locale: string) => {
    rememberSession(await api("/api/admin/session", { method: "PATCH", body: { locale }, answer: sessionAnswer }));
    await revalidator.revalidate();
  };
  const signOut = async () => {
    await api("/api/admin/session", { method: "DELETE" }).catch(() => undefined);
    rememberSession(null);
    navigate(`/admin/login?signedOut=1&lang=${staff.locale}`);
  };

  return (
    <div className="min-h-dvh">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:rounded focus:bg-white focus:p-2">
        {t("skip")}
      </a>
      <header className="border-b border-sand-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <span className="font-serif text-lg font-semibold">{t("name")}</span>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="text-ink-700">
              {t("signedInAs", { name: staff.name || staff.email })} · {t(staff.role)}
            </span>
            <label className="flex items-center gap-1">
              <span className="sr-only">{t("language")}</span>
              <select
                value={staff.locale}
                onChange={(event) => void chooseLanguage(event.target.value)}
                className="rounded-lg border border-sand-300 bg-white px-2 py-1"
              >
                {locales.map((locale) => (
                  <option key={locale} value={locale}>
                    {locale === "ru" ? "Русский" : "English"}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => void signOut()} className="rounded-full border border-ink-900 px-3 py-1 font-medium">
              {t("signOut")}
            </button>
          </div>
        </div>
        <nav aria-label={t("nav.label")} className="mx-auto max-w-7xl px-4 pb-3">
          <ul className="flex flex-wrap gap-1">
            {sections
              .filter((section) => !section.owners || staff.role === "owner")
              .map((section) => (
                <li key={section.key}>
                  <NavLink
                    to={section.to}
                    end={section.to === "/admin"}
                    className={({ isActive }) => `${tab} ${isActive ? "bg-ink-900 text-sand-50" : "text-ink-700 hover:bg-sand-100"}`}
                  >
                    {t(`nav.${section.key}`)}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      </header>
      <main id="content" className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
