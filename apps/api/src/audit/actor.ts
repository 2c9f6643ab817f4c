/**
 * Who does something in the admin: a signed-in staff member, a machine holding ADMIN_API_TOKEN,
 * or the shop itself. Every staff action takes one, so the audit log can say who and from where.
 */
export type Actor = {
  /** The staff account, or null for a machine or the system. */
  staffId: number | null;
  /** As the audit log shows it: the staff e-mail, 'api token' or 'system'. */
  label: string;
  role: "owner" | "staff" | "machine" | "system";
  /** Client address of the request, when there was one. */
  ip: string | null;
};

export const systemActor: Actor = { staffId: null, label: "system", role: "system", ip: null };

export function machineActor(ip: string | null): Actor {
  return { staffId: null, label: "api token", role: "machine", ip };
}
