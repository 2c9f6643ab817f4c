import path from "node:path";
import { buildApp } from "#server/app.ts";

/** Serves the floor app through the shop's own HTTP stack: node bench/serve-floor.ts PORT */
const port = Number(process.argv[2] ?? 3199);
const app = await buildApp({ dev: false, root: path.resolve("bench/floor") });
await app.listen({ port, host: "127.0.0.1" });
console.log(`Floor running at http://127.0.0.1:${port}`);
