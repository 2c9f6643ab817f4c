import { renderToStaticMarkup } from "react-dom/server";
import { PaymentLogo } from "#app/components/PaymentLogo.tsx";
import type { Route } from "./+types/payment-logo";

/** GET /payment-logos/<CODE>.svg: one drawn payment logo as an image file (generic bank for unknown codes). */
export function loader({ params }: Route.LoaderArgs) {
  const match = /^([A-Za-z0-9_]{1,40})\.svg$/.exec(params.file);
  if (!match) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const svg = renderToStaticMarkup(<PaymentLogo code={match[1]!} className="" />);
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
