import { unlocalizedPath } from "@workshop/domain/locale.ts";
import { useNavigation } from "react-router";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";

/** A slim bar while a client-side navigation loads, with the page's loading text for screen readers. */
export function NavigationStatus() {
  const navigation = useNavigation();
  const t = useT(common);
  if (navigation.state !== "loading") return null;
  const path = unlocalizedPath(navigation.location.pathname);
  // The product list shows its own visible 'Loading products...' note.
  const text = path === "/" ? t("loading.featured") : /^\/products\/[^/]+$/.test(path) ? t("loading.product") : null;
  return (
    <div className="fixed inset-x-0 top-0 z-50">
      <div className="h-0.5 w-full animate-pulse bg-clay-600" />
      {text && (
        <span role="status" className="sr-only">
          {text}
        </span>
      )}
    </div>
  );
}
