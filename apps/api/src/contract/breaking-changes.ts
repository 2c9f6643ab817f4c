import { apiCompare, type Diff } from "api-smart-diff";

/**
 * The changes from the released OpenAPI document to the current one that break a caller written
 * for the released one, each in a sentence naming the operation and the field:
 * - what api-smart-diff (OpenAPI 3.1, JSON Schema) classes as breaking: a removed path or method,
 *   a removed response, a new required parameter or body field, an optional one made required,
 *   a narrower input type (another type, a shorter limit, fewer enum values), a wider answer
 *   (a field that may now be null, or missing);
 * - and a response field removed even where it was optional: the library takes that for a
 *   narrower answer, but a caller that reads the field loses it (decision 042).
 * Additions a caller may ignore (a new path, an optional parameter or body field, a new field in
 * an answer) are not breaking.
 */
export function breakingChanges(released: object, current: object): string[] {
  const { diffs } = apiCompare(released, current);
  const sentences = diffs
    .filter((diff) => diff.path[0] === "paths" && (diff.type === "breaking" || isRemovedResponseField(diff)))
    .map((diff) => described(diff, released, current));
  return [...new Set(sentences)].filter((sentence) => !saidOtherwise(sentence, sentences));
}

/**
 * A field's removal and its leaving the required list are one change, as are its addition and its
 * joining the list: the sentence that says what a caller must do stays.
 */
function saidOtherwise(sentence: string, sentences: string[]): boolean {
  const field = /^(.*field \S+) (may now be missing|added \(.*\))$/.exec(sentence);
  if (!field) return false;
  return sentences.includes(field[2] === "may now be missing" ? `${field[1]} removed` : `${field[1]} is now required`);
}

/** A property of an answer's schema that the current document no longer has. */
const isRemovedResponseField = (diff: Diff): boolean =>
  diff.action === "remove" && diff.path.includes("responses") && diff.path.at(-2) === "properties";

type Path = readonly (string | number)[];

/** "GET /api/shop/products/{id}: response 200: field product.price removed". */
function described(diff: Diff, released: object, current: object): string {
  const [, url, method, part, ...rest] = diff.path as Path;
  if (method === undefined) return `${String(url)}: path removed`;
  const operation = `${String(method).toUpperCase()} ${String(url)}`;
  if (part === undefined) return `${operation}: operation removed`;
  if (part === "parameters") return `${operation}: ${parameterChange(diff, rest, released, current)}`;
  if (part === "requestBody") return `${operation}: request body: ${schemaChange(diff, afterSchema(rest))}`;
  if (part === "responses") {
    const [status, ...inside] = rest;
    if (inside.length === 0) return `${operation}: response ${String(status)} removed`;
    return `${operation}: response ${String(status)}: ${schemaChange(diff, afterSchema(inside))}`;
  }
  return `${operation}: ${rest.length > 0 ? `${String(part)}.${rest.join(".")}` : String(part)} ${verb(diff)}`;
}

/** The path inside `…content/<type>/schema`, or the path as it is when it is not in a schema. */
function afterSchema(path: Path): Path {
  const at = path.indexOf("schema");
  return at === -1 ? path : path.slice(at + 1);
}

/** What changed at `path` inside a schema, named by its field (`a.b`, `[]` for an array's items). */
function schemaChange(diff: Diff, path: Path): string {
  const field: string[] = [];
  let keyword: string | undefined;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    if (step === "properties" && i + 1 < path.length) field.push(String(path[++i]));
    else if (step === "items") field.push("[]");
    else if (step === "anyOf" || step === "oneOf" || step === "allOf") i++;
    else {
      keyword = String(step);
      break;
    }
  }
  const name = field.join(".").replaceAll(".[]", "[]");
  if (keyword === undefined) return `field ${name} ${verb(diff)}`;
  const within = name === "" ? "" : `${name}.`;
  if (keyword === "required" && diff.action === "add") return `field ${within}${String(diff.after)} is now required`;
  if (keyword === "required" && diff.action === "remove") return `field ${within}${String(diff.before)} may now be missing`;
  return `${name === "" ? "" : `field ${name}: `}${keyword} ${verb(diff)}`;
}

/** A parameter added as required, made required, removed or narrowed. */
function parameterChange(diff: Diff, path: Path, released: object, current: object): string {
  const [index, ...inside] = path;
  const parameter = (diff.action === "add" && inside.length === 0 ? diff.after : diff.before) as Parameter | undefined;
  const named = parameter?.name ? parameter : (parameterAt(current, diff.path, index) ?? parameterAt(released, diff.path, index));
  const which = named ? `${named.in} parameter ${named.name}` : `parameter ${String(index)}`;
  if (inside.length === 0) return diff.action === "add" ? `${which} added, required` : `${which} ${verb(diff)}`;
  if (inside[0] === "required") return `${which} is now required`;
  return `${which}: ${schemaChange(diff, afterSchema(inside))}`;
}

type Parameter = { name: string; in: string };

function parameterAt(document: object, path: Path, index: string | number | undefined): Parameter | undefined {
  const [, url, method] = path;
  const paths = (document as { paths?: Record<string, Record<string, { parameters?: Parameter[] }>> }).paths;
  return paths?.[String(url)]?.[String(method)]?.parameters?.[Number(index)];
}

function verb(diff: Diff): string {
  if (diff.action === "remove") return "removed";
  if (diff.action === "add") return `added (${JSON.stringify(diff.after)})`;
  return `changed from ${JSON.stringify(diff.before)} to ${JSON.stringify(diff.after)}`;
}
