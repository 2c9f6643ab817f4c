import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { consoleConfig } from "./console-config.ts";

/**
 * The console's runtime settings as /config.json: written into the build (for a static host) and
 * served by the dev server. serve.ts answers it from its own environment, so one build runs anywhere.
 */
function configFile(): Plugin {
  return {
    name: "console-config",
    configureServer(server) {
      server.middlewares.use("/config.json", (_request, response) => {
        response.setHeader("Content-Type", "application/json");
        response.end(JSON.stringify(consoleConfig(process.env)));
      });
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "config.json", source: JSON.stringify(consoleConfig(process.env)) });
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), react(), configFile()],
  // No source maps nor manifest in what is published: they would show the console's sources and its
  // file list to anyone. The bench builds with a manifest of its own (`vite build --manifest`).
  build: { outDir: "dist", sourcemap: false, manifest: false },
  server: { port: Number(process.env.ADMIN_PORT ?? 3001) },
});
