import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRINTER_CODE_PAGES, type PrinterCodePage } from "./code-pages";
import { type FakePrinter, startFakePrinter } from "./fake-printer";
import { sendToPrinter } from "./send-to-printer";
import { testTicket } from "./test-ticket";
import { CANCELED_BANNER, COPY_BANNER, type PrintableTicket, ticketBytes } from "./ticket-bytes";

let printer: FakePrinter;
beforeAll(async () => {
  printer = await startFakePrinter();
});
afterAll(async () => {
  await printer?.stop();
});

/** Prints a ticket through the real sender to the fake printer and returns what it printed. */
async function print(ticket: PrintableTicket, codePage: PrinterCodePage) {
  const before = printer.prints.length;
  await sendToPrinter({ host: "127.0.0.1", port: printer.port }, ticketBytes(ticket, { codePage }));
  expect(printer.prints).toHaveLength(before + 1);
  return printer.prints[before] ?? expect.unreachable();
}

/** Every accented lower-case letter of modern Greek, capitals with accents, and a final sigma. */
const ACCENTS = "άέήίόύώ ϊϋ ΆΈΉΊΌΎΏ Ϊ Ϋ ΐΰ";
const ACCENTS_PRINTED: Record<PrinterCodePage, string> = {
  cp737: "άέήίόύώ ϊϋ ΆΈΉΊΌΎΏ Ϊ Ϋ ϊϋ",
  cp1253: ACCENTS,
  cp851: "άέήίόύώ ϊϋ ΆΈΉΊΌΎΏ Ι Υ ΐΰ",
  cp869: ACCENTS,
};

describe("a ticket printed on a network printer, read back by a fake printer", () => {
  for (const codePage of PRINTER_CODE_PAGES) {
    it(`a ticket prints Greek in the printer's code page (${codePage.toUpperCase()})`, async () => {
      const printed = await print(
        testTicket({
          lines: [
            { quantity: 2, grams: null, name: "Φρέντο εσπρέσο", options: ["Μέτριος"], comment: "Χωρίς καλαμάκι" },
            { quantity: 1, grams: null, name: "Σαλάτα χωριάτικη", options: [], comment: ACCENTS },
            { quantity: 1, grams: 350, name: "Τσιπούρα", options: [], comment: "" },
          ],
        }),
        codePage,
      );
      expect(printed.codePage).toBe(codePage);
      expect(printed.text).toContain("Καφέ Θάλασσα");
      expect(printed.text).toContain("Μπαρ");
      expect(printed.text).toMatch(/Ομπρέλα 12 +#34/);
      expect(printed.text).toMatch(/28\/11 18:05 +Γιώργος/);
      expect(printed.text).toContain("\n2 x Φρέντο εσπρέσο\n    + Μέτριος\n    Χωρίς καλαμάκι\n");
      expect(printed.text).toContain("\n1 x Σαλάτα χωριάτικη\n");
      expect(printed.text).toContain(`\n    ${ACCENTS_PRINTED[codePage]}\n`);
      expect(printed.text).toContain("\n0.350 kg Τσιπούρα\n");
      expect(printed.text).not.toContain("?");
      expect(printed.text).not.toContain("\uFFFD");
      expect(printed.cut).toBe(true);
    });
  }

  it("a reprint prints the ΑΝΤΙΓΡΑΦΟ / COPY banner first", async () => {
    const printed = await print(testTicket({ copy: true }), "cp737");
    expect(printed.text.trimStart().startsWith(COPY_BANNER)).toBe(true);
    expect(printed.text).not.toContain(CANCELED_BANNER);
  });

  it("a canceled ticket prints the ΑΚΥΡΩΣΗ / CANCELED banner at its top and its bottom", async () => {
    const printed = await print(testTicket({ canceled: true }), "cp1253");
    expect(printed.text.trimStart().startsWith(CANCELED_BANNER)).toBe(true);
    expect(printed.text.trimEnd().endsWith(CANCELED_BANNER)).toBe(true);
    expect(printed.cut).toBe(true);
  });
});
