import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest as one cached file instead of a partial one in every page: see
  // docs/decisions/024-route-manifest.md.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
