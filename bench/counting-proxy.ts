/**
 * A TCP relay in front of a server, on loopback, that counts what crosses it: the HTTP requests
 * the browser sends (their request lines) and the bytes each way, exactly as they travel (the
 * server's compressed bodies and its headers). The browser benches serve a visit through it to
 * know, on the server's side of the wire, what a window of the visit really asked of the server:
 * an offline visit that reached it, or a first visit's transfer that the browser's own accounting
 * left out (the service worker's fetches). Adds one loopback hop, far below the emulated link's
 * round trip. A WebSocket (a connection whose first request asks to upgrade) is counted apart: its
 * handshake is no download, and its frames flow for as long as the page stays.
 *
 * It can also put page loads (`Sec-Fetch-Mode: navigate`, which the worker's fetch of a page keeps)
 * on an emulated link of its own: once a worker controls the page, the worker fetches the page's
 * HTML from its own target, which the page's DevTools network conditions do not reach, so without
 * this a network-first page would arrive at loopback speed in a bench that claims Slow 4G.
 */
import { createConnection, createServer, type Socket } from "node:net";
import { freePort, LOOPBACK } from "./servers";

export interface ProxyCounts {
  requests: number;
  /** Request lines ("GET /path"), in the order they arrived. */
  requestLines: string[];
  bytesToServer: number;
  bytesFromServer: number;
  /** WebSocket connections, and every byte of theirs each way (not in the figures above). */
  websockets: number;
  websocketBytes: number;
}

/** An emulated link: the round trip added to a request, and the download rate of its answer. */
export interface ProxyLink {
  latencyMs: number;
  downloadBytesPerSecond: number;
}

export interface CountingProxy {
  origin: string;
  /** From now on, every page load crosses `link` (its request waits the round trip, its answer the rate). */
  throttleDocuments(link: ProxyLink): void;
  /** What crossed since the proxy started (a copy). */
  counts(): ProxyCounts;
  /** Resolves once no HTTP request or answer has crossed for `quietMs` (or throws after `timeoutMs`); a WebSocket's frames do not count. */
  quiet(quietMs: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

const REQUEST_LINE = /(?:GET|HEAD|POST|PUT|DELETE|PATCH|OPTIONS) \S+ HTTP\/1\.[01]\r\n/g;

/** Counts from `before` to `after` (two counts() of the same proxy). */
export function countsBetween(before: ProxyCounts, after: ProxyCounts): ProxyCounts {
  return {
    requests: after.requests - before.requests,
    requestLines: after.requestLines.slice(before.requestLines.length),
    bytesToServer: after.bytesToServer - before.bytesToServer,
    bytesFromServer: after.bytesFromServer - before.bytesFromServer,
    websockets: after.websockets - before.websockets,
    websocketBytes: after.websocketBytes - before.websocketBytes,
  };
}

export async function startCountingProxy(upstreamOrigin: string): Promise<CountingProxy> {
  const upstream = new URL(upstreamOrigin);
  const counts: ProxyCounts = {
    requests: 0,
    requestLines: [],
    bytesToServer: 0,
    bytesFromServer: 0,
    websockets: 0,
    websocketBytes: 0,
  };
  let lastActivity = Date.now();
  let documentLink: ProxyLink | null = null;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const toServer = createConnection({ host: upstream.hostname, port: Number(upstream.port) });
    sockets.add(client).add(toServer);
    let websocket = false;
    /** The link the answer now crossing this connection is on, and when its last chunk is through. */
    let answerLink: ProxyLink | null = null;
    let answerFreeAt = 0;
    /** When the last chunk from the browser goes on to the server. */
    let sendAt = 0;
    client.on("data", (chunk: Buffer) => {
      const text = chunk.toString("latin1");
      let requestLines = 0;
      if (!websocket && /\r\nupgrade: *websocket\r\n/i.test(text)) {
        websocket = true;
        counts.websockets += 1;
      }
      if (websocket) counts.websocketBytes += chunk.length;
      else {
        lastActivity = Date.now();
        counts.bytesToServer += chunk.length;
        // A request's head arrives in one write from the browser; a body never holds a request line here.
        for (const match of text.matchAll(REQUEST_LINE)) {
          requestLines += 1;
          counts.requests += 1;
          counts.requestLines.push(match[0].replace(/ HTTP\/1\.[01]\r\n$/, ""));
          // The browser sends one request at a time on a connection: its answer is the next one back.
          answerLink = documentLink !== null && /\r\nsec-fetch-mode: *navigate\r\n/i.test(text) ? documentLink : null;
        }
      }
      // A page load's request waits the link's round trip; what follows it on the connection keeps its order.
      const roundTrip = answerLink !== null && requestLines > 0 ? answerLink.latencyMs : 0;
      sendAt = Math.max(Date.now() + roundTrip, sendAt);
      answerFreeAt = sendAt;
      if (sendAt <= Date.now()) toServer.write(chunk);
      else setTimeout(() => toServer.write(chunk), sendAt - Date.now());
    });
    toServer.on("data", (chunk: Buffer) => {
      if (websocket) counts.websocketBytes += chunk.length;
      else {
        lastActivity = Date.now();
        counts.bytesFromServer += chunk.length;
      }
      if (answerLink === null) {
        client.write(chunk);
        return;
      }
      answerFreeAt = Math.max(Date.now(), answerFreeAt) + (chunk.length / answerLink.downloadBytesPerSecond) * 1000;
      setTimeout(() => client.write(chunk), answerFreeAt - Date.now());
    });
    const end = () => {
      client.destroy();
      toServer.destroy();
      sockets.delete(client);
      sockets.delete(toServer);
    };
    for (const socket of [client, toServer]) {
      socket.on("end", end);
      socket.on("error", end);
      socket.on("close", end);
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  return {
    origin: `http://${LOOPBACK}:${port}`,
    throttleDocuments(link) {
      documentLink = link;
    },
    counts: () => ({ ...counts, requestLines: [...counts.requestLines] }),
    async quiet(quietMs, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`the server's link was not quiet for ${quietMs} ms within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
