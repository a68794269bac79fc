/**
 * The tables of environment variables in README.md and src/server/README-config.md, rendered from
 * the schema (config-env.ts), so that the documentation cannot drift from what the server reads.
 * scripts/config-docs.ts writes them; config-docs.test.ts fails when a file is not in step.
 */
import { keywordsOf, ServerEnv } from "./config-env";

export interface DocumentedVariable {
  name: string;
  /** As the tables show it: `3000`, `on`, unset. */
  default: string;
  /** The full meaning, for README-config.md. */
  meaning: string;
  /** The short meaning, for README.md; undefined: the variable is only in README-config.md. */
  summary: string | undefined;
}

/** Every variable of the schema, in its order. */
export function documentedVariables(): DocumentedVariable[] {
  return Object.entries(ServerEnv.properties).map(([name, variable]) => {
    const keywords = keywordsOf(variable);
    return {
      name,
      default: keywords.documentedDefault ?? shownDefault(keywords.default),
      meaning: keywords.description ?? "",
      summary: keywords.summary,
    };
  });
}

function shownDefault(value: unknown): string {
  if (value === undefined) return "unset";
  if (typeof value === "boolean") return value ? "`on`" : "`off`";
  if (Array.isArray(value)) return `\`${value.join(",")}\``;
  return `\`${String(value)}\``;
}

/** README-config.md: every variable with its full meaning. */
export function fullConfigTable(): string {
  return markdownTable(documentedVariables().map((v) => [`\`${v.name}\``, v.default, v.meaning]));
}

/** README.md: the variables that have a summary. */
export function readmeConfigTable(): string {
  return markdownTable(
    documentedVariables().flatMap((v) => (v.summary === undefined ? [] : [[`\`${v.name}\``, v.default, v.summary]])),
  );
}

/** A table with its columns padded to their widest cell, as the repository's formatter lays them out. */
function markdownTable(rows: readonly string[][]): string {
  const all = [["Variable", "Default", "Meaning"], ...rows];
  const widths = [0, 1, 2].map((column) => Math.max(3, ...all.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [header = [], ...body] = all;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...body.map(line)].join("\n");
}

export const TABLE_BEGIN =
  "<!-- Generated from src/server/config-env.ts by `npx tsx scripts/config-docs.ts`: edit the schema, not this table. -->";
export const TABLE_END = "<!-- End of the generated table. -->";

/** The generated table of `document`, between its markers; undefined when it has none. */
export function generatedPart(document: string): string | undefined {
  const begin = document.indexOf(TABLE_BEGIN);
  const end = document.indexOf(TABLE_END);
  if (begin < 0 || end < begin) return undefined;
  return document.slice(begin + TABLE_BEGIN.length, end).trim();
}

/** `document` with `table` between its markers. Throws when the markers are missing. */
export function withGeneratedPart(document: string, table: string): string {
  const begin = document.indexOf(TABLE_BEGIN);
  const end = document.indexOf(TABLE_END);
  if (begin < 0 || end < begin) throw new Error("the document has no markers of a generated table");
  return `${document.slice(0, begin + TABLE_BEGIN.length)}\n\n${table}\n\n${document.slice(end)}`;
}
