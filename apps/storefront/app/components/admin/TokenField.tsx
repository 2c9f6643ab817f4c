import { useFormToken } from "./useFormToken.ts";

/** The session's form token, which every admin form carries (server/staff/guard.ts checks it). */
export function TokenField() {
  return <input type="hidden" name="_token" value={useFormToken()} />;
}
