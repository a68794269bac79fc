/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a small codec written
 * here because no maintained STOMP server library fits Fastify, and the protocol is simple.
 *
 *   COMMAND EOL (header EOL)* EOL body NUL (EOL)*
 *
 * - EOL is LF or CR LF; EOLs between frames are heart-beats;
 * - header values (and names) escape \r \n : \ as \\r \\n \\c \\\\ except in CONNECT and CONNECTED
 *   frames (1.2 keeps those unescaped for 1.0 compatibility); an undefined escape is a fatal error;
 * - a repeated header: the first one wins;
 * - with content-length the body is that many octets (it may then hold NULs), else it ends at the
 *   first NUL.
 * The parser is incremental: WebSocket messages may carry several frames, part of one, or only EOLs.
 */

export interface StompFrame {
  command: string;
  /** Header names in the order received; the first of a repeated header wins. */
  headers: Record<string, string>;
  body: string;
}

export class StompFrameError extends Error {}

/** A frame above the parser's maxFrameBytes: a client's mistake or abuse, not a server fault. */
export class StompFrameTooLargeError extends StompFrameError {}

export const CLIENT_COMMANDS = [
  "CONNECT",
  "STOMP",
  "SEND",
  "SUBSCRIBE",
  "UNSUBSCRIBE",
  "ACK",
  "NACK",
  "BEGIN",
  "COMMIT",
  "ABORT",
  "DISCONNECT",
] as const;

const UNESCAPED_COMMANDS = new Set(["CONNECT", "CONNECTED"]);
const NUL = 0;
const LF = 10;
const CR = 13;

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => (c === "\\" ? "\\\\" : c === "\r" ? "\\r" : c === "\n" ? "\\n" : "\\c"));
}

export function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/gs, (_, next: string) => {
    switch (next) {
      case "\\":
        return "\\";
      case "r":
        return "\r";
      case "n":
        return "\n";
      case "c":
        return ":";
      default:
        throw new StompFrameError(`undefined escape sequence \\${next} in a header`);
    }
  });
}

/** The frame's bytes, with content-length whenever there is a body. */
export function serializeFrame(frame: StompFrame): Buffer {
  const encode = UNESCAPED_COMMANDS.has(frame.command) ? (s: string) => s : escapeHeader;
  const body = Buffer.from(frame.body, "utf8");
  const lines = [frame.command];
  for (const [name, value] of Object.entries(frame.headers)) {
    if (name === "content-length") continue;
    lines.push(`${encode(name)}:${encode(value)}`);
  }
  if (body.length > 0) lines.push(`content-length:${body.length}`);
  return Buffer.concat([Buffer.from(`${lines.join("\n")}\n\n`, "utf8"), body, Buffer.from([NUL])]);
}

/**
 * The part of a frame after its first headers: the other headers, content-length, the blank line,
 * the body and NUL. A MESSAGE to many subscriptions (so that a publish never stalls the
 * event loop) builds it once per topic and event; each subscription prepends only its command,
 * subscription and message-id lines (stomp-session.ts).
 */
export function serializeFrameTail(headers: Record<string, string>, body: string): Buffer {
  const bodyBytes = Buffer.from(body, "utf8");
  let lines = "";
  for (const [name, value] of Object.entries(headers)) {
    if (name !== "content-length") lines += `${escapeHeader(name)}:${escapeHeader(value)}\n`;
  }
  if (bodyBytes.length > 0) lines += `content-length:${bodyBytes.length}\n`;
  return Buffer.concat([Buffer.from(`${lines}\n`, "utf8"), bodyBytes, Buffer.from([NUL])]);
}

export type ParsedItem = { kind: "frame"; frame: StompFrame } | { kind: "heartbeat" };

/**
 * Feeds bytes in, takes complete frames and heart-beats out. Throws StompFrameError on a malformed
 * frame or one above maxFrameBytes (headers and body together); the connection must then end.
 */
export class StompParser {
  #buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes: number) {}

  push(chunk: Buffer | string): ParsedItem[] {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    this.#buffer = this.#buffer.length === 0 ? bytes : Buffer.concat([this.#buffer, bytes]);
    const items: ParsedItem[] = [];
    for (;;) {
      const eol = this.#skipEols();
      for (let i = 0; i < eol; i++) items.push({ kind: "heartbeat" });
      if (this.#buffer.length === 0) break;
      const frame = this.#takeFrame();
      if (frame === null) break;
      items.push({ kind: "frame", frame });
    }
    if (this.#buffer.length > this.maxFrameBytes) {
      throw new StompFrameTooLargeError(`frame larger than ${this.maxFrameBytes} bytes`);
    }
    return items;
  }

  /** Removes leading EOLs (heart-beats), counting them. A lone CR waits for its LF. */
  #skipEols(): number {
    let i = 0;
    let count = 0;
    for (;;) {
      if (this.#buffer[i] === LF) {
        i += 1;
        count += 1;
      } else if (this.#buffer[i] === CR && this.#buffer[i + 1] === LF) {
        i += 2;
        count += 1;
      } else break;
    }
    if (i > 0) this.#buffer = this.#buffer.subarray(i);
    return count;
  }

  #takeFrame(): StompFrame | null {
    const buffer = this.#buffer;
    const headerEnd = findHeaderEnd(buffer);
    if (headerEnd === null) {
      if (buffer.indexOf(NUL) !== -1) throw new StompFrameError("frame without a blank line after its headers");
      return null;
    }
    const headText = buffer.subarray(0, headerEnd.start).toString("utf8");
    const lines = headText.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
    const command = lines[0] ?? "";
    if (!/^[A-Z]+$/.test(command)) throw new StompFrameError("malformed command line");
    const headers = parseHeaders(lines.slice(1), !UNESCAPED_COMMANDS.has(command));
    const bodyStart = headerEnd.end;
    let bodyEnd: number;
    const declared = headers["content-length"];
    if (declared !== undefined) {
      if (!/^\d{1,9}$/.test(declared)) throw new StompFrameError("malformed content-length");
      const length = Number(declared);
      if (length > this.maxFrameBytes)
        throw new StompFrameTooLargeError(`frame larger than ${this.maxFrameBytes} bytes`);
      bodyEnd = bodyStart + length;
      if (buffer.length <= bodyEnd) return null;
      if (buffer[bodyEnd] !== NUL) throw new StompFrameError("body not followed by NUL (content-length mismatch)");
    } else {
      bodyEnd = buffer.indexOf(NUL, bodyStart);
      if (bodyEnd === -1) return null;
    }
    if (bodyEnd + 1 > this.maxFrameBytes)
      throw new StompFrameTooLargeError(`frame larger than ${this.maxFrameBytes} bytes`);
    const body = buffer.subarray(bodyStart, bodyEnd).toString("utf8");
    this.#buffer = buffer.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

/** The blank line that ends the headers: LF LF, or with CRs (CR LF CR LF, LF CR LF, CR LF LF). */
function findHeaderEnd(buffer: Buffer): { start: number; end: number } | null {
  const nul = buffer.indexOf(NUL);
  const searchable = nul === -1 ? buffer : buffer.subarray(0, nul);
  for (let i = searchable.indexOf(LF); i !== -1; i = searchable.indexOf(LF, i + 1)) {
    if (searchable[i + 1] === LF) return { start: i, end: i + 2 };
    if (searchable[i + 1] === CR && searchable[i + 2] === LF) return { start: i, end: i + 3 };
  }
  return null;
}

function parseHeaders(lines: string[], escaped: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new StompFrameError("malformed header line");
    const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
    const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
    if (!Object.hasOwn(headers, name)) headers[name] = value;
  }
  return headers;
}
