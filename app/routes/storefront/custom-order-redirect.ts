import { redirect } from "react-router";

/** /custom-order is an old link to the custom order page. */
export function loader() {
  return redirect("/custom", 301);
}
