/**
 * `npm run migrate -w @workshop/api`: applies the database's pending migrations and exits, as a
 * release's first step (infra/k8s runs it as a Job before the new API instances start). Every API
 * start migrates under the same lock anyway, so instances starting together stay safe.
 */
import { openDatabase } from "#server/db/client.ts";

const handle = await openDatabase();
await handle.close();
console.log(`Migrations applied (${handle.kind === "postgres" ? "PostgreSQL" : "embedded PGlite"}).`);
