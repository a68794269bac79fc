import { describe, expect, it } from "vitest";
import { sideBySide, wrapText } from "./wrap-text";

describe("wrapping text to a printer line", () => {
  it("words move to the next line whole, indented by the hanging indent", () => {
    expect(wrapText("Με γάλα βρώμης και κανέλα", 16, "  + ", "    ")).toEqual([
      "  + Με γάλα",
      "    βρώμης και",
      "    κανέλα",
    ]);
  });

  it("a word longer than a line is cut at the line's end", () => {
    expect(wrapText("Αβγολέμονο", 4)).toEqual(["Αβγο", "λέμο", "νο"]);
  });

  it("empty text is one empty line, so the printer still feeds it", () => {
    expect(wrapText("", 10)).toEqual([""]);
  });

  it("two texts share a line, the second flush right, when they fit; otherwise they wrap", () => {
    expect(sideBySide("Τραπέζι 4", "#12", 16)).toEqual(["Τραπέζι 4    #12"]);
    expect(sideBySide("Ομπρέλα 120 Β", "#1234", 16)).toEqual(["Ομπρέλα 120 Β", "#1234"]);
    expect(sideBySide("Τραπέζι 4", "", 16)).toEqual(["Τραπέζι 4"]);
  });
});
