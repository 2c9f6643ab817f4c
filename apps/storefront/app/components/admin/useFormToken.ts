import { useRouteLoaderData } from "react-router";

/**
 * The session's form token, from the admin frame's loader: forms carry it as `_token`, the pages'
 * own calls to the staff API as X-CSRF-Token (server/staff/guard.ts checks both).
 */
export function useFormToken(): string {
  const frame = useRouteLoaderData("admin") as { formToken?: string } | undefined;
  return frame?.formToken ?? "";
}
