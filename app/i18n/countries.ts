// Shared with the e-mails: the catalogue lives in lib/i18n.
export { countryNames } from "#lib/i18n/countries.ts";
