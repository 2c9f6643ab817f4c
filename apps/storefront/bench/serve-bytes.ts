import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/**
 * The physical limit of an answer: a bare node:http server sending the same headers and bytes to every
 * request, nothing else (node bench/serve-bytes.ts PORT ANSWER.json, the answer's headers and base64 body).
 */
const [port, file] = process.argv.slice(2) as [string, string];
const answer = JSON.parse(readFileSync(file, "utf8")) as { headers: Record<string, string>; body: string };
const body = Buffer.from(answer.body, "base64");
createServer((_req, res) => {
  res.writeHead(200, answer.headers);
  res.end(body);
}).listen(Number(port), "127.0.0.1", () => console.log(`Bytes running at http://127.0.0.1:${port}`));
