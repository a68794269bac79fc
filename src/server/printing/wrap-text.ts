/**
 * Word wrapping for a fixed-width printer line. The encoder wraps too, but it cannot indent the
 * lines after the first, and a kitchen ticket reads best when an item's wrapped name lines up
 * under its first word and an option stays visibly under its item. The text is expected to be
 * printable already (one UTF-16 unit a character, see printable-text.ts).
 */
export function wrapText(text: string, width: number, indent = "", hangingIndent = indent): string[] {
  const lines: string[] = [];
  let line = "";
  const prefix = () => (lines.length === 0 ? indent : hangingIndent);
  const room = () => Math.max(1, width - prefix().length);
  const flush = () => {
    lines.push(prefix() + line);
    line = "";
  };
  for (const word of text.split(/\s+/)) {
    let rest = word;
    while (rest !== "") {
      const free = room() - line.length - (line === "" ? 0 : 1);
      if (rest.length <= free) {
        line = line === "" ? rest : `${line} ${rest}`;
        rest = "";
      } else if (line !== "") {
        flush();
      } else {
        // A word longer than a whole line is cut, so nothing runs past the paper's edge.
        const cut = room();
        line = rest.slice(0, cut);
        rest = rest.slice(cut);
        flush();
      }
    }
  }
  if (line !== "" || lines.length === 0) flush();
  return lines;
}

/**
 * Two texts on one line, the second flush right ("Τραπέζι 4        #12"), when they fit with a
 * space between; otherwise wrapped one after the other.
 */
export function sideBySide(left: string, right: string, width: number): string[] {
  const [l, r] = [left, right].map((text) => text.split(/\s+/).filter(Boolean).join(" ")) as [string, string];
  const gap = width - l.length - r.length;
  if (r !== "" && gap >= 1) return [`${l}${" ".repeat(gap)}${r}`];
  return wrapText(`${l} ${r}`, width);
}
