/** The shop's pages, in menu order; labels are keys of the common catalogue. */
export const mainNav = [
  { to: "/", label: "nav.home" },
  { to: "/products", label: "nav.shop" },
  { to: "/custom", label: "nav.custom" },
  { to: "/about", label: "nav.about" },
  { to: "/contact", label: "nav.contact" },
] as const;

export const moreNav = [
  { to: "/showroom", label: "nav.showroom" },
  { to: "/shipping", label: "nav.shipping" },
  { to: "/faq", label: "nav.faq" },
] as const;
