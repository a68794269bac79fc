import { describe, expect, it } from "vitest";
import { EPSON_CODE_PAGE_NUMBERS, PRINTER_CODE_PAGES } from "./code-pages";
import { decodeEscPos } from "./escpos-decode";
import { testTicket } from "./test-ticket";
import {
  CANCELED_BANNER,
  COPY_BANNER,
  layoutColumns,
  lineAmount,
  MEMBER_MARK,
  REQUEST_MARK,
  ticketBytes,
} from "./ticket-bytes";

const hex = (bytes: Uint8Array | number[]) => Buffer.from(bytes).toString("hex");

/** The index of every occurrence of `needle` in `bytes`. */
function indexesOf(bytes: Uint8Array, needle: number[]): number[] {
  const found: number[] = [];
  for (let i = Buffer.from(bytes).indexOf(Buffer.from(needle)); i !== -1; ) {
    found.push(i);
    i = Buffer.from(bytes).indexOf(Buffer.from(needle), i + 1);
  }
  return found;
}

/** The commands sent on the printed line that holds `text` (ASCII), before the text itself. */
function commandsBefore(bytes: Uint8Array, text: string): string {
  const at = Buffer.from(bytes).indexOf(Buffer.from(text, "ascii"));
  expect(at).toBeGreaterThan(-1);
  const lineStart = Buffer.from(bytes).lastIndexOf(0x0d, at) + 1;
  return hex(bytes.subarray(lineStart, at));
}

describe("the bytes of a kitchen ticket (ESC/POS)", () => {
  for (const codePage of PRINTER_CODE_PAGES) {
    it(`a ticket selects the printer's code page (${codePage.toUpperCase()}) once with ESC t, before any Greek`, () => {
      const bytes = ticketBytes(testTicket(), { codePage });
      const selections = indexesOf(bytes, [0x1b, 0x74]);
      expect(selections).toHaveLength(1);
      const at = selections[0] ?? -1;
      expect(bytes[at + 2]).toBe(EPSON_CODE_PAGE_NUMBERS[codePage]);
      expect(bytes.findIndex((byte) => byte >= 0x80)).toBeGreaterThan(at);
    });
  }

  it("a printer that numbers its code pages differently is sent its own ESC t number", () => {
    const bytes = ticketBytes(testTicket(), { codePage: "cp737", codePageNumber: 24 });
    expect(hex(bytes)).toContain("1b7418");
    expect(decodeEscPos(bytes, { cp737: 24 }).text).toContain("2 x Φρέντο εσπρέσο");
  });

  it("the station name is printed bold at double width and height, above the spot and the day's number", () => {
    const bytes = ticketBytes(testTicket({ stationName: "BAR", spotName: "TABLE 4" }), { codePage: "cp737" });
    expect(commandsBefore(bytes, "BAR")).toMatch(/1b4501.*1d2111/);
    expect(commandsBefore(bytes, "TABLE 4")).toMatch(/1d2111/);
    const text = decodeEscPos(bytes).text;
    expect(text.indexOf("BAR")).toBeLessThan(text.indexOf("TABLE 4"));
    expect(text).toMatch(/TABLE 4 +#34\n/);
    expect(text).toMatch(/28\/11 18:05 +Γιώργος\n/);
  });

  it("F28 a member order's ticket says ΜΕΛΟΣ / MEMBER under the header, in bold; others do not", () => {
    const member = decodeEscPos(ticketBytes(testTicket({ member: true }), { codePage: "cp737" })).text;
    expect(member).toMatch(/28\/11 18:05 +Γιώργος\nΜΕΛΟΣ \/ MEMBER\n-+\n/);
    expect(MEMBER_MARK).toBe("ΜΕΛΟΣ / MEMBER");
    const bytes = ticketBytes(testTicket({ member: true }), { codePage: "cp1253" });
    expect(commandsBefore(bytes, "/ MEMBER")).toMatch(/1b4501/);
    expect(decodeEscPos(ticketBytes(testTicket(), { codePage: "cp737" })).text).not.toContain("MEMBER");
  });

  it("F7 a request line (towels) is marked ΑΙΤΗΜΑ / REQUEST, indented under its item", () => {
    const request = { quantity: 2, grams: null, name: "Πετσέτες", options: [], comment: "", request: true };
    const text = decodeEscPos(ticketBytes(testTicket({ lines: [request] }), { codePage: "cp737" })).text;
    expect(text).toContain(`2 x Πετσέτες\n    ${REQUEST_MARK}\n`);
    expect(decodeEscPos(ticketBytes(testTicket(), { codePage: "cp737" })).text).not.toContain("REQUEST");
  });

  it("an item is its quantity and name; its options and comment are indented under it, the comment underlined", () => {
    const bytes = ticketBytes(
      testTicket({ lines: [{ quantity: 2, grams: null, name: "Freddo", options: ["Sweet"], comment: "No straw" }] }),
      { codePage: "cp1253" },
    );
    const text = decodeEscPos(bytes).text;
    expect(text).toContain("\n2 x Freddo\n    + Sweet\n    No straw\n");
    expect(commandsBefore(bytes, "No straw")).toContain("1b2d01");
  });

  it("an item sold by weight prints its kilos with three decimals", () => {
    expect(lineAmount(1, 350)).toBe("0.350 kg");
    expect(lineAmount(2, 1200)).toBe("2 x 1.200 kg");
    expect(lineAmount(3, null)).toBe("3 x");
    expect(decodeEscPos(ticketBytes(testTicket(), { codePage: "cp737" })).text).toContain("\n0.350 kg Τσιπούρα\n");
  });

  it("a long item name wraps to the printer's width, its next lines under the name's first word", () => {
    const name = "Τσιπούρα σχάρας με λαδολέμονο και χόρτα της εποχής";
    const ticket = testTicket({ lines: [{ quantity: 12, grams: null, name, options: [], comment: "" }] });
    const lines = decodeEscPos(ticketBytes(ticket, { codePage: "cp737", columns: 32 })).text.split("\n");
    const first = lines.findIndex((line) => line.startsWith("12 x "));
    expect(lines.slice(first, first + 3)).toEqual([
      "12 x Τσιπούρα σχάρας με",
      "     λαδολέμονο και χόρτα της",
      "     εποχής",
    ]);
    expect(lines.every((line) => line.length <= 32)).toBe(true);
  });

  it("a reprint carries the COPY banner and a canceled ticket the CANCELED banner at both ends; a first print neither", () => {
    const plain = decodeEscPos(ticketBytes(testTicket(), { codePage: "cp737" })).text;
    expect(plain).not.toContain("COPY");
    expect(plain).not.toContain("CANCELED");
    const copy = decodeEscPos(ticketBytes(testTicket({ copy: true }), { codePage: "cp737" })).text;
    expect(copy.trimStart().startsWith(COPY_BANNER)).toBe(true);
    const canceled = decodeEscPos(ticketBytes(testTicket({ canceled: true }), { codePage: "cp737" })).text;
    expect(canceled.split(CANCELED_BANNER)).toHaveLength(3);
    expect(canceled.trimStart().startsWith(CANCELED_BANNER)).toBe(true);
  });

  it("a banner is printed inverted (white on black) so it cannot be missed", () => {
    const bytes = ticketBytes(testTicket({ copy: true }), { codePage: "cp737" });
    expect(commandsBefore(bytes, "COPY")).toContain("1d4201");
  });

  it("the ticket ends with a paper feed and a partial cut, so the last line clears the cutter", () => {
    const bytes = ticketBytes(testTicket(), { codePage: "cp737" });
    const cut = indexesOf(bytes, [0x1d, 0x56, 0x01]);
    expect(cut).toHaveLength(1);
    const beforeCut = hex(bytes.subarray(0, cut[0]));
    expect(beforeCut.endsWith("0a0d".repeat(4))).toBe(true);
    expect(bytes.length - (cut[0] ?? 0)).toBeLessThanOrEqual(5);
  });

  it("a printer width the layout does not have prints at the next narrower one, so no line runs past the paper", () => {
    expect([layoutColumns(40), layoutColumns(48), layoutColumns(64), layoutColumns(24)]).toEqual([35, 48, 48, 32]);
    const text = decodeEscPos(ticketBytes(testTicket(), { codePage: "cp737", columns: 40 })).text;
    expect(text).toContain(`\n${"-".repeat(35)}\n`);
  });

  it("a control character in a comment prints as a space and never reaches the printer as a command", () => {
    const comment = "χωρίς\u001bE\u0001ζάχαρη\u001dV\u0000";
    const bytes = ticketBytes(
      testTicket({ lines: [{ quantity: 1, grams: null, name: "Φίλτρου", options: [], comment }] }),
      {
        codePage: "cp737",
      },
    );
    const decoded = decodeEscPos(bytes);
    expect(decoded.text).toContain("    χωρίς E ζάχαρη V\n");
    expect(indexesOf(bytes, [0x1d, 0x56])).toHaveLength(1);
  });
});
