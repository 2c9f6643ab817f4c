// Shared with the e-mails: the catalogue lives in @workshop/domain/i18n.
export { countryNames } from "@workshop/domain/i18n/countries.ts";
