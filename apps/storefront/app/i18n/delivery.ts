// Shared with the e-mails: the catalogue lives in @workshop/domain/i18n.
export { deliveryTexts } from "@workshop/domain/i18n/delivery.ts";
