/**
 * Text made printable in one code page before it is encoded. The encoder prints "?" for any
 * character the page lacks; a kitchen reads "ϊ" for "ΐ" or "Creme" for "Crème" far better than
 * "?", so such characters lose their accents first, and typographic punctuation becomes ASCII.
 * Control characters become spaces: a name or a guest's comment must never reach the printer as a
 * command (an ESC in a comment would otherwise change the printer's state).
 */
import { hasChar } from "./code-page-tables";
import type { PrinterCodePage } from "./code-pages";

const PUNCTUATION: Readonly<Record<string, string>> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u2033": '"',
  "\u00AB": '"',
  "\u00BB": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00B7": ".",
  "\u0387": ".",
  "\u20AC": "EUR",
  "\u00A0": " ",
  "\u202F": " ",
};

const COMBINING_MARK = /\p{M}/u;
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;

export function printableText(text: string, codePage: PrinterCodePage): string {
  let out = "";
  for (const char of text.normalize("NFC")) out += printableChar(char, codePage);
  return out;
}

function printableChar(char: string, codePage: PrinterCodePage): string {
  if (CONTROL.test(char)) return " ";
  if (hasChar(codePage, char)) return char;
  const punctuation = PUNCTUATION[char];
  if (punctuation !== undefined && [...punctuation].every((c) => hasChar(codePage, c))) return punctuation;
  return withoutAccents(char, codePage) ?? "?";
}

/**
 * Drops the letter's marks one at a time from the last, so "ΐ" becomes "ϊ" where the page has
 * "ϊ" and "ι" only where it has neither.
 */
function withoutAccents(char: string, codePage: PrinterCodePage): string | null {
  const parts = [...char.normalize("NFD")];
  while (parts.length > 1 && COMBINING_MARK.test(parts[parts.length - 1] ?? "")) {
    parts.pop();
    const candidate = parts.join("").normalize("NFC");
    if ([...candidate].length === 1 && hasChar(codePage, candidate)) return candidate;
  }
  return null;
}
