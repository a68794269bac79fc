/** Reads a venue file from disk as untrusted JSON (validate.ts decides whether it is a venue). */
import { readFile } from "node:fs/promises";

export class VenueFileReadError extends Error {
  override name = "VenueFileReadError";
}

export async function readVenueFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new VenueFileReadError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new VenueFileReadError(`${file} is not valid JSON: ${withLineAndColumn(error, text)}`);
  }
}

/** V8 reports a character offset; an editor needs line and column. */
function withLineAndColumn(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(position));
  const line = before.split("\n").length;
  const column = Number(position) - before.lastIndexOf("\n");
  return `${message} (line ${line}, column ${column})`;
}
