import Fastify from "fastify";
import pg from "pg";

/**
 * The floor of a JSON read: a bare Fastify route that reads one product row from PostgreSQL and
 * answers it, with no plugin, hook, cache or shaping. node bench/serve-bare-product.ts PORT DATABASE_URL
 */
const port = Number(process.argv[2] ?? 3190);
const pool = new pg.Pool({ connectionString: process.argv[3], max: 10 });
const app = Fastify();
app.get<{ Params: { id: string } }>("/api/products/:id", async (request, reply) => {
  const { rows } = await pool.query("select * from products where id = $1", [Number(request.params.id)]);
  if (rows.length === 0) return reply.code(404).send({ error: "Product not found" });
  return rows[0];
});
await app.listen({ port, host: "127.0.0.1" });
console.log(`Bare product route running at http://127.0.0.1:${port}`);
