import { useRouteLoaderData } from "react-router";

/** The session's form token, which every admin form carries (server/staff/guard.ts checks it). */
export function TokenField() {
  const frame = useRouteLoaderData("admin") as { formToken?: string } | undefined;
  return <input type="hidden" name="_token" value={frame?.formToken ?? ""} />;
}
