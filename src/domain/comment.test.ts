import { describe, expect, test } from "vitest";
import { sanitizeComment } from "./comment";

describe("sanitizeComment: §5 comment emoji and symbols stripped, text trimmed", () => {
  test.each([
    ["trims the ends", "  ok  ", "ok"],
    ["keeps Greek with accents and punctuation", "Χωρίς ζάχαρη, παρακαλώ!", "Χωρίς ζάχαρη, παρακαλώ!"],
    ["keeps Greek question mark and ano teleia", "Με γάλα; Ναι· ευχαριστώ", "Με γάλα; Ναι· ευχαριστώ"],
    ["keeps Latin with diacritics and digits", "Café au lait x2, 50% less sugar", "Café au lait x2, 50% less sugar"],
    ["keeps Cyrillic (extra languages BGR, SRB)", "Без лук", "Без лук"],
    ["keeps typed symbols: + = € $", "extra shot +1€ = 2$", "extra shot +1€ = 2$"],
    ["strips a single emoji and collapses the gap", "Χωρίς κρεμμύδι 🧅 παρακαλώ", "Χωρίς κρεμμύδι παρακαλώ"],
    ["strips emoji at the ends, then trims", "🔥 spicy 🔥", "spicy"],
    ["strips emoji with a skin tone", "thanks 👍🏽", "thanks"],
    ["strips emoji with variation selector 16", "love it ❤️", "love it"],
    ["strips a country flag", "from Greece 🇬🇷", "from Greece"],
    ["strips a subdivision flag (tag characters)", "England 🏴󠁧󠁢󠁥󠁮󠁧󠁿 fan", "England fan"],
    ["strips a ZWJ family sequence", "table for 👨‍👩‍👧‍👦", "table for"],
    ["strips a ZWJ profession sequence with skin tone", "chef 👩🏽‍🍳 said", "chef said"],
    ["strips a keycap emoji as a whole", "table 1️⃣ please", "table please"],
    ["strips other symbols (\\p{So})", "© ™ ★ ♫ 60°", "60"],
    ["strips a lone zero-width joiner", "a\u200Db", "ab"],
    ["collapses internal whitespace, tabs and newlines", "no  ice\n\tplease", "no ice please"],
    ["keeps digits that are also emoji bases when not a keycap", "#2 and *3", "#2 and *3"],
    ["only emoji: nothing is left", "🎉🎉🎉", ""],
    ["empty stays empty", "", ""],
  ])("%s: %o -> %o", (_title, input, expected) => {
    expect(sanitizeComment(input)).toBe(expected);
  });

  test("normalizes to NFC so the same Greek text typed two ways is equal", () => {
    const decomposed = "ά".normalize("NFD");
    expect(decomposed).not.toBe("ά");
    expect(sanitizeComment(`καφέ${decomposed}`)).toBe("καφέά");
  });

  test("is idempotent", () => {
    for (const text of ["  ok  ", "Χωρίς 🧅  ζάχαρη", "👨‍👩‍👧 x", "© 60°"]) {
      const once = sanitizeComment(text);
      expect(sanitizeComment(once)).toBe(once);
    }
  });
});
