import { describe, expect, it } from "vitest";
import { printableText } from "./printable-text";

describe("text made printable in a printer's code page", () => {
  it("Greek with accents, diaeresis and final sigma is kept as is where the code page has it", () => {
    const text = "Άγιος Ώρα ά έ ή ί ό ύ ώ ϊ ϋ ς";
    for (const codePage of ["cp737", "cp1253", "cp869"] as const) expect(printableText(text, codePage)).toBe(text);
  });

  it("a letter the code page lacks keeps as much of its accent as the page has: ΐ is ϊ in CP737, Ϊ is Ι in CP851", () => {
    expect(printableText("ΐ ΰ", "cp737")).toBe("ϊ ϋ");
    expect(printableText("ΐ ΰ", "cp1253")).toBe("ΐ ΰ");
    expect(printableText("Ϊ Ϋ", "cp851")).toBe("Ι Υ");
  });

  it("Latin accents a Greek code page lacks are dropped rather than printed as '?'", () => {
    expect(printableText("Crème brûlée", "cp1253")).toBe("Creme brulee");
    expect(printableText("Crème brûlée", "cp851")).toBe("Crème brûlée");
  });

  it("typographic quotes and dashes become ASCII where the code page lacks them, and stay where it has them", () => {
    expect(printableText("«ζεστό» — “καφές” …", "cp737")).toBe('"ζεστό" - "καφές" ...');
    expect(printableText("«ζεστό» — “καφές” …", "cp1253")).toBe("«ζεστό» — “καφές” …");
  });

  it("Greek typed as letters plus combining accents prints as the accented letters", () => {
    expect(printableText("Φρε\u0301ντο", "cp737")).toBe("Φρέντο");
  });

  it("a character no form of which the code page has is one '?', emoji included", () => {
    expect(printableText("καυτερό 🌶!", "cp737")).toBe("καυτερό ?!");
  });

  it("control characters and line breaks become spaces", () => {
    expect(printableText("a\u001bb\nc\u2028d\te", "cp737")).toBe("a b c d e");
  });
});
