/** The workshop's own facts: every page and e-mail reads them from here. */
export const shop = {
  name: "Rumah Topi",
  legalName: "Rumah Topi Bali",
  email: "hello@rumahtopi.com",
  phone: "+62 812 3456 7890",
  whatsappNumber: "6281234567890",
  telegramHandle: "rumahtopi",
  instagramHandle: "rumahtopi.bali",
  facebookPage: "rumahtopi.bali",
  address: {
    street: "Jl. Raya Mas No. 88",
    village: "Mas, Ubud",
    city: "Gianyar",
    region: "Bali",
    postalCode: "80571",
    country: "Indonesia",
    countryCode: "ID",
  },
  /** Map place used for the embed and the "open in maps" link. */
  map: { lat: -8.5437, lng: 115.2746, query: "Rumah Topi, Jl. Raya Mas 88, Ubud, Bali" },
  foundedYear: 2012,
  founder: "Made Sari",
} as const;

export const instagramUrl = `https://www.instagram.com/${shop.instagramHandle}/`;
export const facebookUrl = `https://www.facebook.com/${shop.facebookPage}`;
export const whatsappUrl = `https://wa.me/${shop.whatsappNumber}`;
export const telegramUrl = `https://t.me/${shop.telegramHandle}`;
export const mapLinkUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(shop.map.query)}`;
export const mapEmbedUrl = `https://www.google.com/maps?q=${shop.map.lat},${shop.map.lng}&z=15&output=embed`;
export const addressLines = [
  shop.address.street,
  `${shop.address.village}, ${shop.address.city}`,
  `${shop.address.region} ${shop.address.postalCode}, ${shop.address.country}`,
];
