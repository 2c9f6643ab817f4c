import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "#server/errors.ts";
import { clientKey } from "#server/http/rate-limits.ts";

/**
 * Each whole-table download (the orders CSV, the products export) of one client runs one at a time
 * on an instance, the others waiting their turn on their open connection: 32 at once from one
 * signed-in browser or script held every database connection and the event loop (a customer's
 * product read went from under 1 ms to 800 ms at the median). A wait costs nothing.
 */
const MAX_WAITING_PER_CLIENT = 64;

type Line = { running: boolean; waiting: (() => void)[] };
const lines = new Map<string, Line>();

/** Waits for the client's turn; its turn ends when the answer is sent or the connection closes. */
export async function exportTurn(download: "orders.csv" | "products", request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const key = `${download}:${clientKey(request.ip)}`;
  let line = lines.get(key);
  if (!line) lines.set(key, (line = { running: false, waiting: [] }));
  if (line.running) {
    if (line.waiting.length >= MAX_WAITING_PER_CLIENT)
      throw new AppError("too_many", "Too many downloads at once: wait for the others to finish.");
    await new Promise<void>((resolve) => line.waiting.push(resolve));
    // Gone while it waited: the turn passes on.
    if (reply.raw.destroyed || request.raw.socket.destroyed) {
      next(key, line);
      throw new AppError("unavailable", "The connection closed before the download began.");
    }
  }
  line.running = true;
  reply.raw.once("close", () => next(key, line));
}

function next(key: string, line: Line): void {
  const waiting = line.waiting.shift();
  if (waiting) {
    waiting();
    return;
  }
  line.running = false;
  lines.delete(key);
}
