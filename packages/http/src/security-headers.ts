import { randomFillSync } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { onRequestHookHandler } from "fastify";
import helmet from "helmet";

/**
 * Security headers on every answer (helmet): a Content-Security-Policy whose scripts are the
 * shop's own files and the inline scripts carrying this response's nonce (React Router's hydration
 * data), no framing (frame-ancestors 'none' and X-Frame-Options DENY), nosniff, the referrer only
 * as an origin to other sites, a Permissions-Policy, and HSTS when the shop is served over https.
 */
// helmet works on Node's response, so a directive finds the response's nonce through it.
const nonces = new WeakMap<ServerResponse, string>();

/**
 * 128 random bits per response, as CSP asks. Drawn from a pool filled 256 nonces at a time: one
 * call for random bytes per page costs more than the rest of the nonce's work. No byte is used twice.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = noncePool.length;
function freshNonce(): string {
  if (poolOffset === noncePool.length) {
    randomFillSync(noncePool);
    poolOffset = 0;
  }
  const nonce = noncePool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

type Csp = Record<string, (string | ((req: unknown, res: ServerResponse) => string))[]>;

type Options = { dev: boolean; https: boolean };

function directives({ dev, https, inlineStyles }: Options & { inlineStyles: boolean }): Csp {
  return {
    "default-src": ["'self'"],
    // Vite's development server injects scripts and styles and talks over a WebSocket.
    "script-src": dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", (_req, res) => `'nonce-${nonces.get(res)}'`],
    "script-src-attr": ["'none'"],
    // The storefront writes its stylesheet into each page, in a style element carrying the nonce.
    "style-src": dev || inlineStyles ? ["'self'", "'unsafe-inline'"] : ["'self'", (_req, res) => `'nonce-${nonces.get(res)}'`],
    // Product photos are ours; the home page's Instagram strip shows the photos from Instagram's CDN.
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
    // The workshop's map on the contact and showroom pages.
    "frame-src": ["https://www.google.com"],
    "frame-ancestors": ["'none'"],
    // A payment form is answered with a redirect to the provider's page (card, e-wallet, bank).
    "form-action": ["'self'", "https:"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    ...(https && !dev ? { "upgrade-insecure-requests": [] } : {}),
  };
}

/** Photos and logos may be shown by other sites and mail readers (the JSON API hands out their URLs). */
const sharedImages = /^\/(media|payment-logos|images)\//;

const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()";

function headers(options: Options & { inlineStyles: boolean }): onRequestHookHandler {
  const secure = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(options) as never },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  });
  // Set on Node's response: a value the route gives the same header replaces it when the answer is written.
  return (request, reply, done) => {
    const res = reply.raw;
    request.cspNonce = freshNonce();
    nonces.set(res, request.cspNonce);
    res.setHeader("Permissions-Policy", permissionsPolicy);
    secure(request.raw, res, (error?: unknown) => {
      if (sharedImages.test(request.originalUrl)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      done(error as Error | undefined);
    });
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** The Content-Security-Policy nonce of this response: every inline script must carry it. */
    cspNonce: string;
  }
}

/**
 * For the API's answers: JSON, photos and files, never a page, so the same strict headers for
 * every one (a policy that allows nothing to run, as for any JSON API), worked out by helmet once
 * rather than per request. Photos and logos may still be shown by other sites.
 */
export function apiSecurityHeaders({ https }: { https: boolean }): onRequestHookHandler {
  const secure = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"], "base-uri": ["'none'"], "form-action": ["'none'"] },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  });
  const fixed: [string, string][] = [["Permissions-Policy", permissionsPolicy]];
  const recorder = { setHeader: (name: string, value: string) => fixed.push([name, value]), removeHeader: () => {} };
  secure({} as never, recorder as never, () => {});
  return (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of fixed) res.setHeader(name, value);
    if (sharedImages.test(request.originalUrl)) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    done();
  };
}

/** For the shop's own answers; `https`: the shop's public address (PUBLIC_URL) is https. */
export const securityHeaders = (options: Options) => headers({ ...options, inlineStyles: false });

/** For the built-in Xendit sandbox's pay pages: their HTML keeps its stylesheet inline. */
export const sandboxSecurityHeaders = (options: Options) => headers({ ...options, inlineStyles: true });
