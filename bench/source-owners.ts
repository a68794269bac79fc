/**
 * Which source each character of a built file comes from, by its source map: what
 * bench/attribute-js.ts (gzip cost per module) and bench/first-render-coverage.ts (code never run)
 * both attribute. A character no mapping covers keeps the last source named on its line, or
 * "(unmapped)" (Rolldown's wrappers; a file without a map is unmapped throughout).
 */
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

export const UNMAPPED = "(unmapped)";

/** owners[i] = the source of the character at offset i of `code` (newlines included). */
export function sourceOfEachCharacter(code: string, sourceMap: string | null): string[] {
  const map = sourceMap === null ? null : new TraceMap(sourceMap);
  const owners: string[] = new Array(code.length);
  let offset = 0;
  for (const [lineIndex, line] of code.split("\n").entries()) {
    let current = UNMAPPED;
    for (let column = 0; column < line.length; column++) {
      if (map !== null) {
        const position = originalPositionFor(map, { line: lineIndex + 1, column, bias: 1 });
        if (position.source) current = position.source;
      }
      owners[offset + column] = current;
    }
    owners[offset + line.length] = current; // the newline
    offset += line.length + 1;
  }
  return owners;
}

/** The npm package a source belongs to (node_modules/<pkg> or <@scope/pkg>), or null for the app's own. */
export function packageOf(source: string): string | null {
  return /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(source)?.[1] ?? null;
}
