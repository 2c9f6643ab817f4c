import { createContext, useContext } from "react";

/** The response's Content-Security-Policy nonce, set by app/entry.server.tsx. */
export const NonceContext = createContext("");

/**
 * The nonce for inline scripts: from the server's render, and in the browser from the page's own
 * scripts (the browser hides the attribute but keeps the property), so hydration sees the same value.
 */
export function useNonce(): string {
  const fromServer = useContext(NonceContext);
  if (fromServer || typeof document === "undefined") return fromServer;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}
