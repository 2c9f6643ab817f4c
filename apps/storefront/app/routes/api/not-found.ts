/** Any /api/ path no endpoint serves: a JSON 404, not the HTML page. */
export function loader() {
  return Response.json({ error: "Not found" }, { status: 404 });
}

export function action() {
  return Response.json({ error: "Not found" }, { status: 404 });
}
