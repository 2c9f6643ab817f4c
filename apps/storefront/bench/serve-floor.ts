import path from "node:path";
import { buildStorefront } from "#server/app.ts";

/** Serves the floor app through the storefront's own HTTP stack: node bench/serve-floor.ts PORT */
const port = Number(process.argv[2] ?? 3199);
const app = await buildStorefront({ dev: false, root: path.resolve(import.meta.dirname, "floor") });
await app.listen({ port, host: "127.0.0.1" });
console.log(`Floor running at http://127.0.0.1:${port}`);
