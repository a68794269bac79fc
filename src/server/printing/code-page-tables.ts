/**
 * The characters of bytes 0x80-0xFF in each Greek code page (0x00-0x7F are ASCII in all of them),
 * "\uFFFD" where a byte has no character. Written here from the IBM and Microsoft tables rather than
 * taken from the ESC/POS library, so that the fake printer's decoding checks the library's encoding
 * instead of repeating it. Checked against glibc's iconv, except CP851's 0xB7/0xB8 (Μ, Ν) and 0xF7 (¸),
 * where glibc's table differs from IBM's.
 */
import type { PrinterCodePage } from "./code-pages";

const HIGH_HALF: Record<PrinterCodePage, string> = {
  cp737:
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠ" +
    "ΡΣΤΥΦΧΨΩαβγδεζηθ" +
    "ικλμνξοπρσςτυφχψ" +
    "░▒▓│┤╡╢╖╕╣║╗╝╜╛┐" +
    "└┴┬├─┼╞╟╚╔╩╦╠═╬╧" +
    "╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀" +
    "ωάέήϊίόύϋώΆΈΉΊΌΎ" +
    "Ώ±≥≤ΪΫ÷≈°∙·√ⁿ²■\u00A0",
  cp1253:
    "€\uFFFD‚ƒ„…†‡\uFFFD‰\uFFFD‹\uFFFD\uFFFD\uFFFD\uFFFD" +
    "\uFFFD‘’“”•–—\uFFFD™\uFFFD›\uFFFD\uFFFD\uFFFD\uFFFD" +
    "\u00A0΅Ά£¤¥¦§¨©\uFFFD«¬\u00AD®―" +
    "°±²³΄µ¶·ΈΉΊ»Ό½ΎΏ" +
    "ΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟ" +
    "ΠΡ\uFFFDΣΤΥΦΧΨΩΪΫάέήί" +
    "ΰαβγδεζηθικλμνξο" +
    "πρςστυφχψωϊϋόύώ\uFFFD",
  cp851:
    "ÇüéâäàΆçêëèïîΈÄΉ" +
    "Ί\uFFFDΌôöΎûùΏÖÜά£έήί" +
    "ϊΐόύΑΒΓΔΕΖΗ½ΘΙ«»" +
    "░▒▓│┤ΚΛΜΝ╣║╗╝ΞΟ┐" +
    "└┴┬├─┼ΠΡ╚╔╩╦╠═╬Σ" +
    "ΤΥΦΧΨΩαβγ┘┌█▄δε▀" +
    "ζηθικλμνξοπρσςτ´" +
    "\u00AD±υφχ§ψ¸°¨ωϋΰώ■\u00A0",
  cp869:
    "\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFDΆ\uFFFD·¬¦‘’Έ―Ή" +
    "ΊΪΌ\uFFFD\uFFFDΎΫ©Ώ²³ά£έήί" +
    "ϊΐόύΑΒΓΔΕΖΗ½ΘΙ«»" +
    "░▒▓│┤ΚΛΜΝ╣║╗╝ΞΟ┐" +
    "└┴┬├─┼ΠΡ╚╔╩╦╠═╬Σ" +
    "ΤΥΦΧΨΩαβγ┘┌█▄δε▀" +
    "ζηθικλμνξοπρσςτ΄" +
    "\u00AD±υφχ§ψ΅°¨ωϋΰώ■\u00A0",
};

const BYTE_OF: Record<PrinterCodePage, Map<string, number>> = {
  cp737: byteMap("cp737"),
  cp1253: byteMap("cp1253"),
  cp851: byteMap("cp851"),
  cp869: byteMap("cp869"),
};

function byteMap(codePage: PrinterCodePage): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i < 128; i++) map.set(String.fromCharCode(i), i);
  [...HIGH_HALF[codePage]].forEach((char, i) => {
    if (char !== "\uFFFD") map.set(char, 0x80 + i);
  });
  return map;
}

/** The character a byte prints as in a code page ("\uFFFD" when it has none). */
export function charOfByte(codePage: PrinterCodePage, byte: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  return HIGH_HALF[codePage][byte - 0x80] ?? "\uFFFD";
}

/** Whether a single character (one code point) has a byte in a code page. */
export function hasChar(codePage: PrinterCodePage, char: string): boolean {
  return BYTE_OF[codePage].has(char);
}
