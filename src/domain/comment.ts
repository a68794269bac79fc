/**
 * Cleans a guest's comment before it goes into the cart (spec §5 "Comment: emoji and symbols
 * stripped, text trimmed before adding").
 *
 * What stays: letters and marks of any script (Greek, Latin, and the Cyrillic of the extra
 * languages), numbers, punctuation, and the symbols people type on a keyboard (+ = < > € $ ^ `).
 * What goes: emoji in every form (pictographs, keycaps like 1️⃣, flags, skin tones, ZWJ sequences,
 * variation selectors, tag characters), other symbols (\p{So}: © ™ ° № ★), control and format
 * characters, private-use and unassigned code points.
 * Then: Unicode NFC (so "ά" typed two ways compares equal when cart lines merge), whitespace runs
 * collapsed to one space, and the ends trimmed.
 */

/** A keycap emoji: a digit, # or * followed by an optional VS16 and U+20E3. Goes as a whole. */
const KEYCAP = /[0-9#*]\uFE0F?\u20E3/gu;

/** Emoji parts and other symbols; removed before the allow-list so their marks go with them. */
const EMOJI_AND_SYMBOLS =
  /\u200D|[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Variation_Selector}\p{Me}\p{So}\u{E0020}-\u{E007F}]/gu;

/** Anything that is not a letter, mark, number, punctuation, typed symbol or whitespace. */
const NOT_TYPED_TEXT = /[^\p{L}\p{M}\p{N}\p{P}\p{Sm}\p{Sc}\p{Sk}\s]/gu;

export function sanitizeComment(text: string): string {
  return text
    .normalize("NFC")
    .replace(KEYCAP, "")
    .replace(EMOJI_AND_SYMBOLS, "")
    .replace(NOT_TYPED_TEXT, "")
    .replace(/\s+/gu, " ")
    .trim();
}
