import type { CustomOrderStatus } from "@workshop/domain/staff-api/custom-orders.ts";
import { hatTypes, materials } from "@workshop/domain/validation/custom-order.ts";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { useT } from "#admin/i18n/use-t.ts";

const isHatType = (value: string): value is (typeof hatTypes)[number] => (hatTypes as readonly string[]).includes(value);
const isMaterial = (value: string): value is (typeof materials)[number] => (materials as readonly string[]).includes(value);

/**
 * A request's status, hat type and material in the admin's language. The shop keeps the request
 * form's English values; one it no longer offers is shown as the customer chose it.
 */
export function useCustomOrderNames() {
  const t = useT(customOrderTexts);
  return {
    status: (status: CustomOrderStatus) => t(`status.${status}`),
    hatType: (value: string) => (isHatType(value) ? t(`hatType.${value}`) : value),
    material: (value: string) => (isMaterial(value) ? t(`material.${value}`) : value),
  };
}
