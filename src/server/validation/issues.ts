/**
 * A problem found in input, located by a readable path: `services[0].categories[2].items[3].priceCents`.
 * Venue imports and request validation both speak in these, so a venue owner and an API client
 * read the same kind of message.
 */
export interface Issue {
  path: string;
  message: string;
}

export function formatIssue(issue: Issue): string {
  return issue.path === "" ? issue.message : `${issue.path}: ${issue.message}`;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Appends one key or index to a path: `a` + 0 → `a[0]`, `a` + `b` → `a.b`, odd keys → `a["x y"]`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  if (!IDENTIFIER.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === "" ? key : `${parent}.${key}`;
}

/** `/services/0/priceCents` → `services[0].priceCents` (RFC 6901 escapes decoded). */
export function pointerToPath(pointer: string, base = ""): string {
  if (pointer === "") return base;
  return pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<string>(
      (path, segment) => childPath(path, /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment),
      base,
    );
}
