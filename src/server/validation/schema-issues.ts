/**
 * Turns JSON Schema validation errors (TypeBox's, which Fastify passes through unchanged) into
 * Issues a person can act on: one line per problem, no schema internals.
 */
import { childPath, type Issue, pointerToPath } from "./issues";

/** The fields every JSON Schema error carries (TypeBox and Fastify agree on them). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: object;
  message?: string;
}

export function schemaIssues(errors: Iterable<SchemaError>, base = ""): Issue[] {
  const all = [...errors];
  const anyOfPaths = all.filter((e) => e.keyword === "anyOf").map((e) => `${e.schemaPath}/anyOf/`);
  const issues: Issue[] = [];
  for (const error of all) {
    // The branch errors of a union are summed up by the union's own error below.
    if (anyOfPaths.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    // additionalProperties:false reports each extra key twice; keep the additionalProperties one.
    if (error.keyword === "boolean" && error.schemaPath.endsWith("/additionalProperties")) continue;
    issues.push(...issuesOf(error, all, base));
  }
  return dedupe(issues);
}

function issuesOf(error: SchemaError, all: SchemaError[], base: string): Issue[] {
  const path = pointerToPath(error.instancePath, base);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return stringList(params.requiredProperties).map((name) => ({
        path: childPath(path, name),
        message: "is required",
      }));
    case "additionalProperties":
      return stringList(params.additionalProperties).map((name) => ({
        path: childPath(path, name),
        message: "is not an allowed property",
      }));
    case "anyOf":
      return [{ path, message: describeUnion(error, all) }];
    case "enum":
      return [
        {
          path,
          message: `must be one of ${stringList(params.allowedValues)
            .map((v) => JSON.stringify(v))
            .join(", ")}`,
        },
      ];
    default:
      return [{ path, message: error.message ?? `fails ${error.keyword}` }];
  }
}

/** A union of constants reads as `must be one of "A", "B"`; other unions can only say they failed. */
function describeUnion(union: SchemaError, all: SchemaError[]): string {
  const prefix = `${union.schemaPath}/anyOf/`;
  const branches = all.filter((e) => e.schemaPath.startsWith(prefix) && e.instancePath === union.instancePath);
  if (branches.length > 0 && branches.every((e) => e.keyword === "const")) {
    const allowed = branches.map((e) => JSON.stringify((e.params as { allowedValue?: unknown }).allowedValue));
    return `must be one of ${allowed.join(", ")}`;
  }
  return "does not match any allowed form";
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
