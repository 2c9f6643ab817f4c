// Shared with the e-mails: the catalogue lives in lib/i18n.
export { deliveryTexts } from "@workshop/domain/i18n/delivery.ts";
