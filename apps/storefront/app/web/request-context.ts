import { createContext, type RouterContext, RouterContextProvider } from "react-router";

/** What the web server knows about a request before React Router sees it. */
export type RequestInfo = {
  /** The Content-Security-Policy nonce of this response: every inline script must carry it. */
  nonce: string;
};

// One context object per process, even though the server entry and the bundled routes each load
// this module: React Router finds a value by the identity of its context object.
const slot = Symbol.for("shop.request-info");
const g = globalThis as { [slot]?: RouterContext<RequestInfo> };
export const requestInfo: RouterContext<RequestInfo> = (g[slot] ??= createContext<RequestInfo>({ nonce: "" }));

export function routerContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfo, info);
  return context;
}
