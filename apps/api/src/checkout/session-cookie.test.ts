import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { checkoutIdOf, setCheckoutCookie } from "./session.ts";

const id = "3f1c2a9e-8d5b-4c7e-9a10-2b3c4d5e6f70";
/** The cookie as the shop gave it to browsers before @fastify/cookie (React Router's createCookie): still read. */
const madeBefore = "checkout=IjNmMWMyYTllLThkNWItNGM3ZS05YTEwLTJiM2M0ZDVlNmY3MCI%3D";

/** A server that gives a checkout id (`?give=`) and answers the id the request's cookie holds. */
async function server() {
  const app = Fastify();
  await app.register(fastifyCookie);
  app.get<{ Querystring: { give?: string } }>("/", async (request, reply) => {
    if (request.query.give) setCheckoutCookie(reply, request.query.give);
    return { id: await checkoutIdOf(request) };
  });
  return app;
}

const idOf = async (cookie?: string) =>
  ((await (await server()).inject({ url: "/", headers: cookie === undefined ? {} : { cookie } })).json() as { id: string | null }).id;

describe("the checkout cookie", () => {
  it("gives the browser its checkout id, HttpOnly and SameSite=Lax, as it always has", async () => {
    const answer = await (await server()).inject({ url: `/?give=${id}` });
    expect(answer.headers["set-cookie"]).toBe(`${madeBefore}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`);
  });

  it("reads the cookie it gives, and the one browsers were given before", async () => {
    expect(await idOf(`lang=x; ${madeBefore}`)).toBe(id);
    const given = String((await (await server()).inject({ url: "/?give=00000000-0000-4000-8000-000000000000" })).headers["set-cookie"]);
    expect(await idOf(given.split(";")[0])).toBe("00000000-0000-4000-8000-000000000000");
  });

  it("is no checkout id when missing, forged by hand or not an id", async () => {
    expect(await idOf()).toBeNull();
    expect(await idOf(`checkout=${id}`)).toBeNull();
    expect(await idOf("checkout=%E0%A4%A")).toBeNull();
    expect(await idOf("checkout=")).toBeNull();
    const notAnId = String((await (await server()).inject({ url: "/?give=..%2F..%2Fetc%2Fpasswd" })).headers["set-cookie"]).split(";")[0];
    expect(await idOf(notAnId)).toBeNull();
  });
});
