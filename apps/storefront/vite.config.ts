import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Server-only packages stay out of the SSR bundle and load from node_modules.
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp"] },
});
