import { recordAudit } from "@workshop/api/audit/log.ts";
import { clearedStaffCookie } from "@workshop/api/staff/cookie.ts";
import { requireStaffForm } from "@workshop/api/staff/guard.ts";
import { endSession } from "@workshop/api/staff/sessions.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";

/** POST /admin/logout: ends this browser's session (a form with the session's token). */
export async function action({ request }: Route.ActionArgs) {
  // A sign-out form from a stale tab (its token is an older session's) changes nothing: back to the admin.
  const staff = await requireStaffForm(request, await request.formData()).catch((refusal: unknown) => {
    if (refusal instanceof Response) throw refusal;
    throw redirect("/admin");
  });
  await endSession(staff.sessionIdHash);
  await recordAudit({ actor: staff.actor, action: "sign-out", recordType: "staff", recordId: staff.user.id });
  return redirect("/admin/login?signedOut=1", { headers: { "Set-Cookie": clearedStaffCookie() } });
}

/** Signing out changes something, so it is never a link: a GET shows the sign-in page. */
export function loader() {
  return redirect("/admin/login");
}
