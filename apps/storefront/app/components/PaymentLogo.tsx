/**
 * Payment method logos: small wordmark tiles drawn as inline SVG (64×40), looked up by the
 * `logo` code of @workshop/domain/payment-methods.ts, case-insensitively. Unknown or empty codes get a generic
 * bank building. The drawings live in ./payment-logos/.
 */
import { bankLogos, GENERIC_BANK } from "./payment-logos/banks.tsx";
import { cardLogos } from "./payment-logos/cards.tsx";
import { paylaterLogos } from "./payment-logos/paylater.tsx";
import type { LogoDrawing } from "./payment-logos/shared.tsx";
import { storeLogos } from "./payment-logos/stores.tsx";
import { walletLogos } from "./payment-logos/wallets.tsx";

const logos: Readonly<Record<string, LogoDrawing>> = {
  ...bankLogos,
  ...storeLogos,
  ...walletLogos,
  ...paylaterLogos,
  ...cardLogos,
};

/** Every code that has its own drawing (uppercase). */
export const logoCodes: string[] = Object.keys(logos);

const normalise = (code: string | null | undefined) => (code ?? "").trim().toUpperCase();

/** Whether `code` (any case) has its own drawing rather than the generic bank. */
export function hasLogo(code: string): boolean {
  return Object.hasOwn(logos, normalise(code));
}

export function PaymentLogo({ code, className = "h-10 w-16" }: { code: string; className?: string }) {
  const key = normalise(code);
  const logo = (Object.hasOwn(logos, key) ? logos[key] : undefined) ?? GENERIC_BANK;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 40"
      width={64}
      height={40}
      role="img"
      aria-label={logo.name}
      className={className}
      data-logo={logo === GENERIC_BANK ? "generic" : key}
    >
      {logo.art}
    </svg>
  );
}

/** The logo as a cached image file (/payment-logos/<code>.svg): lighter pages where many are listed. */
export function PaymentLogoImage({ code, className = "h-10 w-16" }: { code: string; className?: string }) {
  return (
    <img
      src={`/payment-logos/${normalise(code) || "BANK"}.svg`}
      alt=""
      width={64}
      height={40}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
