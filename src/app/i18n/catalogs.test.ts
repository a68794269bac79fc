/**
 * Every catalog must be complete (lingui.config.ts): Greek is the default language and English is
 * complete, so no message may fall back to its source text or show up empty.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

interface PoEntry {
  msgid: string;
  msgstr: string;
}

/** Reads the msgid/msgstr pairs of a .po file (Lingui writes no plural forms: ICU sits in msgid). */
function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<PoEntry> = {};
  let field: keyof PoEntry | null = null;
  const unquote = (quoted: string) => JSON.parse(quoted) as string;
  const flush = () => {
    if (current.msgid !== undefined && current.msgid !== "") {
      entries.push({ msgid: current.msgid, msgstr: current.msgstr ?? "" });
    }
    current = {};
    field = null;
  };
  for (const line of text.split("\n")) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === "msgid") flush();
      field = start[1] as keyof PoEntry;
      current[field] = unquote(start[2] as string);
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? "") + unquote(line);
    } else if (line.trim() === "") {
      flush();
    }
  }
  flush();
  return entries;
}

const CATALOGS = ["messages", "screens", "documents"] as const;
type Locale = "el" | "en";

function catalog(name: (typeof CATALOGS)[number], locale: Locale): PoEntry[] {
  return parsePo(readFileSync(resolve(__dirname, `../../../locales/${locale}/${name}.po`), "utf8"));
}

describe("translation catalogs (spec §1: Greek default, English complete)", () => {
  const cases = CATALOGS.flatMap((name) => (["el", "en"] as const).map((locale) => [name, locale] as const));

  it.each(cases)("%s.po in %s has a translation for every message", (name, locale) => {
    const entries = catalog(name, locale);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((entry) => entry.msgstr.trim() === "").map((entry) => entry.msgid)).toEqual([]);
  });

  it.each(CATALOGS)("%s: Greek and English translate the same messages", (name) => {
    const ids = (locale: Locale) =>
      catalog(name, locale)
        .map((entry) => entry.msgid)
        .sort();
    expect(ids("el")).toEqual(ids("en"));
  });

  it.each(CATALOGS)("%s: keeps every placeholder of the source in the Greek translation", (name) => {
    const placeholders = (text: string) => (text.match(/\{\w+\}|<\d+>|<\/\d+>/g) ?? []).sort();
    const broken = catalog(name, "el").filter((entry) => {
      return placeholders(entry.msgid).join() !== placeholders(entry.msgstr).join();
    });
    expect(broken.map((entry) => entry.msgid)).toEqual([]);
  });
});
