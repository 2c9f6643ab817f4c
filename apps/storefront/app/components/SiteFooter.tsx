import { addressLines, facebookUrl, instagramUrl, shop, telegramUrl, whatsappUrl } from "@workshop/domain/shop.ts";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";
import { Link } from "./localized";
import { mainNav, moreNav } from "./nav";
import { OpeningHours } from "./OpeningHours";

const socials = [
  { href: instagramUrl, label: "social.instagram" },
  { href: facebookUrl, label: "social.facebook" },
  { href: whatsappUrl, label: "social.whatsapp" },
  { href: telegramUrl, label: "social.telegram" },
] as const;

export function SiteFooter() {
  const t = useT(common);
  const linkClass = "text-sand-200 hover:text-white";
  return (
    <footer className="mt-16 bg-ink-900 text-sand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="font-serif text-2xl font-semibold text-white">{shop.name}</p>
          <p className="mt-3 text-sm leading-relaxed text-sand-200">{t("footer.about")}</p>
        </div>
        <nav id="site-pages" aria-label={t("footer.explore")}>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-sand-300">{t("footer.explore")}</h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-1">
            {[...mainNav, ...moreNav].map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-sand-300">{t("footer.visit")}</h2>
          <address className="mt-4 space-y-1 text-sm not-italic text-sand-200">
            {addressLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <OpeningHours as="lines" className="space-y-1 pt-2" />
            <p className="pt-2">
              <a href={`tel:${shop.phone.replace(/\s/g, "")}`} className={linkClass}>
                {shop.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${shop.email}`} className={linkClass}>
                {shop.email}
              </a>
            </p>
          </address>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-sand-300">{t("footer.follow")}</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {socials.map((s) => (
              <li key={s.href}>
                <a href={s.href} className={linkClass} rel="noopener noreferrer" target="_blank">
                  {t(s.label)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-sand-300 sm:px-6 lg:px-8">
          {t("footer.rights", { year: new Date().getFullYear(), name: shop.legalName })}
        </p>
      </div>
    </footer>
  );
}
