import { describe, expect, it } from "vitest";
import { escapeHeader, StompFrameError, StompParser, serializeFrame, unescapeHeader } from "./stomp-frames";

const parse = (input: string | Buffer, max = 64 * 1024) => new StompParser(max).push(input);

describe("STOMP 1.2 frame codec", () => {
  it("round-trips a MESSAGE with a JSON body, content-length and a NUL terminator", () => {
    const frame = {
      command: "MESSAGE",
      headers: { subscription: "sub-0", "message-id": "a-1", destination: "/topic/orders/5" },
      body: JSON.stringify({ orderId: 5, status: "ACCEPTED", errorMessage: "καφές" }),
    };
    const bytes = serializeFrame(frame);
    expect(bytes.at(-1)).toBe(0);
    expect(bytes.toString()).toContain(`content-length:${Buffer.byteLength(frame.body)}\n`);
    const [item] = parse(bytes);
    expect(item).toEqual({
      kind: "frame",
      frame: { ...frame, headers: { ...frame.headers, "content-length": String(Buffer.byteLength(frame.body)) } },
    });
  });

  it("escapes \\r \\n : and \\ in header names and values, and not in CONNECT/CONNECTED", () => {
    expect(escapeHeader("a:b\\c\nd\re")).toBe("a\\cb\\\\c\\nd\\re");
    expect(unescapeHeader("a\\cb\\\\c\\nd\\re")).toBe("a:b\\c\nd\re");
    const tricky = { "x:key": "line1\nline2:\\end" };
    const [item] = parse(serializeFrame({ command: "SUBSCRIBE", headers: tricky, body: "" }));
    expect(item).toEqual({ kind: "frame", frame: { command: "SUBSCRIBE", headers: tricky, body: "" } });
    const connected = serializeFrame({ command: "CONNECTED", headers: { version: "1.2", session: "a\\b" }, body: "" });
    expect(connected.toString()).toBe("CONNECTED\nversion:1.2\nsession:a\\b\n\n\0");
    expect(parse("CONNECT\nlogin:a\\b\n\n\0")).toEqual([
      { kind: "frame", frame: { command: "CONNECT", headers: { login: "a\\b" }, body: "" } },
    ]);
  });

  it("an undefined escape sequence is a fatal error", () => {
    expect(() => parse("SUBSCRIBE\nid:a\\tb\n\n\0")).toThrow(StompFrameError);
    expect(() => parse("SUBSCRIBE\nid:ab\\\n\n\0")).toThrow(StompFrameError);
  });

  it("the first of a repeated header wins", () => {
    const [item] = parse("SUBSCRIBE\nid:first\nid:second\n\n\0");
    expect(item).toMatchObject({ frame: { headers: { id: "first" } } });
  });

  it("accepts CR LF line ends, and EOLs between frames are heart-beats", () => {
    const items = parse("\n\r\nCONNECT\r\naccept-version:1.2\r\n\r\n\0\n\nDISCONNECT\n\n\0\r\n");
    expect(items.map((item) => (item.kind === "frame" ? item.frame.command : "EOL"))).toEqual([
      "EOL",
      "EOL",
      "CONNECT",
      "EOL",
      "EOL",
      "DISCONNECT",
      "EOL",
    ]);
    expect(items[2]).toMatchObject({ frame: { headers: { "accept-version": "1.2" } } });
  });

  it("takes frames split across messages and several frames in one message", () => {
    const parser = new StompParser(1024);
    const bytes = Buffer.concat([
      serializeFrame({ command: "SEND", headers: { destination: "/x" }, body: "a\0b" }),
      serializeFrame({ command: "DISCONNECT", headers: { receipt: "r1" }, body: "" }),
    ]);
    const seen = [];
    for (let i = 0; i < bytes.length; i += 3) seen.push(...parser.push(bytes.subarray(i, i + 3)));
    expect(seen).toEqual([
      {
        kind: "frame",
        frame: { command: "SEND", headers: { destination: "/x", "content-length": "3" }, body: "a\0b" },
      },
      { kind: "frame", frame: { command: "DISCONNECT", headers: { receipt: "r1" }, body: "" } },
    ]);
  });

  it("without content-length the body ends at the first NUL", () => {
    expect(parse("SEND\ndestination:/x\n\nhello\0")).toEqual([
      { kind: "frame", frame: { command: "SEND", headers: { destination: "/x" }, body: "hello" } },
    ]);
  });

  it.each([
    ["a lower-case command", "connect\n\n\0"],
    ["a header line without a colon", "SUBSCRIBE\nid\n\n\0"],
    ["a NUL before the blank line", "SUBSCRIBE\nid:1\0"],
    ["a body longer than content-length", "SEND\ncontent-length:2\n\nabc\0"],
    ["a malformed content-length", "SEND\ncontent-length:-1\n\nabc\0"],
  ])("refuses %s", (_, input) => {
    expect(() => parse(input)).toThrow(StompFrameError);
  });

  it("refuses a frame above the size limit, complete or still arriving", () => {
    expect(() => parse(`SEND\n\n${"x".repeat(200)}\0`, 100)).toThrow(/larger than 100 bytes/);
    expect(() => new StompParser(100).push(`SEND\n\n${"x".repeat(200)}`)).toThrow(/larger than 100 bytes/);
    expect(() => parse("SEND\ncontent-length:5000\n\nx", 100)).toThrow(/larger than 100 bytes/);
  });
});
