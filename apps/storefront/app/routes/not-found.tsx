import { data } from "react-router";
import { ErrorPage } from "#app/components/ErrorPage.tsx";

/** Any path no other route matches: the designed 404 page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage kind="notFound" />;
}
