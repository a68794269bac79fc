/**
 * A raw STOMP client for the endpoint's tests: a real `ws` WebSocket and this directory's frame
 * codec, so tests see exactly the frames and EOLs the server sends.
 */
import WebSocket from "ws";
import { type StompFrame, StompParser, serializeFrame } from "./stomp-frames";

export interface RawStompClient {
  socket: WebSocket;
  frames: StompFrame[];
  /** EOLs received between frames (server heart-beats). */
  heartBeats: number;
  /** Resolves with the WebSocket close code. */
  closed: Promise<number>;
  /** The close frame's reason, once closed. */
  closeReason: string;
  send(command: string, headers?: Record<string, string>, body?: string): void;
  /** The first frame (already received or coming) with this command, after `from` frames. */
  next(command: string, options?: { from?: number; timeoutMs?: number }): Promise<StompFrame>;
  close(): Promise<void>;
}

export async function openStomp(url: string): Promise<RawStompClient> {
  const socket = new WebSocket(url, ["v12.stomp"]);
  const parser = new StompParser(1024 * 1024);
  const frames: StompFrame[] = [];
  const waiters = new Set<() => void>();
  const client: RawStompClient = {
    socket,
    frames,
    heartBeats: 0,
    closeReason: "",
    closed: new Promise((resolve) =>
      socket.on("close", (code, reason) => {
        client.closeReason = reason.toString();
        resolve(code);
      }),
    ),
    send(command, headers = {}, body = "") {
      socket.send(serializeFrame({ command, headers, body }));
    },
    next(command, { from = 0, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.slice(from).find((frame) => frame.command === command);
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${command} frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await client.closed;
    },
  };
  socket.on("message", (data: Buffer) => {
    for (const item of parser.push(data)) {
      if (item.kind === "heartbeat") client.heartBeats += 1;
      else frames.push(item.frame);
    }
    for (const waiter of [...waiters]) waiter();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return client;
}

/** Opens, sends CONNECT with the session's tokens and waits for CONNECTED (or ERROR). */
export async function connectStomp(
  url: string,
  session: { authToken: string; jwt: string } | null,
  headers: Record<string, string> = {},
): Promise<{ client: RawStompClient; reply: StompFrame }> {
  const client = await openStomp(url);
  const auth: Record<string, string> = session === null ? {} : { authToken: session.authToken, jwt: session.jwt };
  client.send("CONNECT", { "accept-version": "1.2", host: "localhost", ...auth, ...headers });
  const reply = await Promise.race([client.next("CONNECTED"), client.next("ERROR")]);
  return { client, reply };
}
