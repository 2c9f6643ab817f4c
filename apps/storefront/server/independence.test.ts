import path from "node:path";
import { describeIndependence } from "@workshop/testing/independence.ts";

// The storefront holds no database driver and imports no other app (docs/decisions/038).
describeIndependence(path.resolve(import.meta.dirname, ".."), "storefront");
