import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentedVariables, fullConfigTable, generatedPart, readmeConfigTable } from "./config-docs";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const configReadme = readFileSync(new URL("./README-config.md", import.meta.url), "utf8");

/** The variables and defaults a document's generated table shows, by name. */
function documentedDefaults(document: string): Record<string, string> {
  const rows = (generatedPart(document) ?? "").split("\n").filter((line) => line.startsWith("| `"));
  return Object.fromEntries(
    rows.map((row) => {
      const [name = "", shownDefault = ""] = row.slice(1).split(" | ");
      return [name.trim().replaceAll("`", ""), shownDefault.trim()];
    }),
  );
}

const FIX = "run `npx tsx scripts/config-docs.ts` after changing src/server/config-env.ts";

describe("the tables of environment variables are generated from the schema (config-env.ts)", () => {
  it("README-config.md lists every variable of the schema, no other, each with the schema's default", () => {
    const expected = Object.fromEntries(documentedVariables().map((v) => [v.name, v.default]));
    expect(documentedDefaults(configReadme), FIX).toEqual(expected);
  });

  it("README.md lists the variables the schema gives a summary, no other, each with the schema's default", () => {
    const expected = Object.fromEntries(
      documentedVariables()
        .filter((v) => v.summary !== undefined)
        .map((v) => [v.name, v.default]),
    );
    expect(Object.keys(expected)).toContain("PORT");
    expect(documentedDefaults(readme), FIX).toEqual(expected);
  });

  it("both tables are word for word what scripts/config-docs.ts writes (meanings included)", () => {
    expect(generatedPart(configReadme), FIX).toBe(fullConfigTable());
    expect(generatedPart(readme), FIX).toBe(readmeConfigTable());
  });

  it("every variable has a meaning to document", () => {
    for (const variable of documentedVariables()) expect(variable.meaning, variable.name).not.toBe("");
  });
});
