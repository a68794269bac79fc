/**
 * Reads back the ESC/POS bytes a printer was sent: the text it would print, through the code page
 * that ESC t selected, and whether it was told to cut. Used by the fake printer, so that tests prove
 * what a real printer would show rather than which bytes the encoder happened to write. Commands
 * are skipped by their known lengths so that their parameters never read as text.
 */
import { charOfByte } from "./code-page-tables";
import { EPSON_CODE_PAGE_NUMBERS, PRINTER_CODE_PAGES, type PrinterCodePage } from "./code-pages";

export interface DecodedPrint {
  /** The code page last selected with ESC t ("cp737", ...), "esc-t-N" for a number it doesn't know, null if none. */
  codePage: string | null;
  /** What would be printed: text in that code page, lines ended by "\n". */
  text: string;
  /** Whether a cut command (GS V, or the older ESC i / ESC m) was received. */
  cut: boolean;
  /** How many bytes were sent, not counting paper status queries. */
  bytes: number;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;
const EOT = 0x04;

/** Bytes of parameters after "ESC x" for the fixed-length commands. */
const ESC_PARAMETERS: Readonly<Record<string, number>> = {
  "@": 0,
  "!": 1,
  $: 2,
  "-": 1,
  "2": 0,
  "3": 1,
  "4": 1,
  E: 1,
  G: 1,
  J: 1,
  M: 1,
  R: 1,
  U: 1,
  V: 1,
  "\\": 2,
  a: 1,
  d: 1,
  e: 1,
  p: 3,
  t: 1,
  "{": 1,
  " ": 1,
  i: 0,
  m: 0,
  c: 2,
};
/** The same after "GS x". */
const GS_PARAMETERS: Readonly<Record<string, number>> = {
  "!": 1,
  B: 1,
  H: 1,
  I: 1,
  L: 2,
  P: 2,
  W: 2,
  a: 1,
  b: 1,
  f: 1,
  h: 1,
  r: 1,
  w: 1,
};

export function decodeEscPos(
  bytes: Uint8Array,
  codePageNumbers: Partial<Record<PrinterCodePage, number>> = {},
): DecodedPrint {
  const pageOfNumber = new Map<number, PrinterCodePage>();
  for (const page of PRINTER_CODE_PAGES) pageOfNumber.set(codePageNumbers[page] ?? EPSON_CODE_PAGE_NUMBERS[page], page);

  let codePage: string | null = null;
  let page: PrinterCodePage | undefined;
  let text = "";
  let cut = false;
  let statusBytes = 0;
  let i = 0;
  const at = (offset: number) => bytes[i + offset] ?? 0;

  while (i < bytes.length) {
    const byte = at(0);
    if (byte === ESC) {
      const command = String.fromCharCode(at(1));
      if (command === "t") {
        page = pageOfNumber.get(at(2));
        codePage = page ?? `esc-t-${at(2)}`;
      }
      if (command === "i" || command === "m") cut = true;
      i += command === "*" ? 5 + bitImageLength(at(2), at(3), at(4)) : 2 + (ESC_PARAMETERS[command] ?? 0);
    } else if (byte === GS) {
      const command = String.fromCharCode(at(1));
      if (command === "V") {
        cut = true;
        i += at(2) >= 65 ? 4 : 3;
      } else if (command === "k") {
        i += at(2) <= 6 ? barcodeUntilNul(bytes, i + 3) - i : 4 + at(3);
      } else if (command === "(") {
        i += 5 + at(3) + at(4) * 256;
      } else if (command === "v" && at(2) === 0x30) {
        i += 8 + (at(4) + at(5) * 256) * (at(6) + at(7) * 256);
      } else {
        i += 2 + (GS_PARAMETERS[command] ?? 0);
      }
    } else if (byte === FS) {
      i += 2;
    } else if (byte === DLE) {
      // Real-time commands: DLE EOT n and DLE ENQ n take one byte, DLE DC4 three.
      if (at(1) === EOT) statusBytes += 3;
      i += at(1) === 0x14 ? 5 : 3;
    } else {
      if (byte === 0x0a) text += "\n";
      else if (byte === 0x09) text += "\t";
      else if (byte >= 0x20 && byte < 0x80) text += String.fromCharCode(byte);
      else if (byte >= 0x80) text += page === undefined ? "\uFFFD" : charOfByte(page, byte);
      i += 1;
    }
  }
  return { codePage, text, cut, bytes: bytes.length - statusBytes };
}

/** ESC * m nL nH: n columns of 1 byte (8-dot modes) or 3 bytes (24-dot modes). */
function bitImageLength(mode: number, low: number, high: number): number {
  return (low + high * 256) * (mode >= 32 ? 3 : 1);
}

/** The index just past a barcode's terminating NUL (GS k m d1...dk NUL). */
function barcodeUntilNul(bytes: Uint8Array, from: number): number {
  const end = bytes.indexOf(0, from);
  return end === -1 ? bytes.length : end + 1;
}
