import { describeIndependence } from "@workshop/testing/independence.ts";

// The console holds no database driver and imports no other app (docs/decisions/036, 038).
describeIndependence(import.meta.dirname, "admin");
