import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** An unknown admin address: 404 inside the admin frame (for signed-in staff only). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
