/**
 * The STOMP clients of bench/orders-fanout.ts, in a child process of their own: 10,000 WebSockets
 * on each side would pass one process's open-file limit (20,000 here). Driven over IPC:
 *   open {url, count, headers, destination, subscriptions?} -> opened {count, failed, ms}
 *   expect                                  -> (after every client got one MESSAGE) delivered {arrivals}
 *   close                                   -> closed
 * Clients are raw `ws` sockets that send CONNECT + SUBSCRIBE (with a receipt) and only look at the
 * command of what arrives: the bench measures the server, so the clients do as little as possible.
 * Arrival times are epoch milliseconds with sub-millisecond precision (timeOrigin + now), the same
 * clock as the parent's.
 */
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

type Command =
  | {
      type: "open";
      url: string;
      count: number;
      headers: Record<string, string>;
      destination: string;
      /** Subscriptions to the destination per connection (default 1); each gets every MESSAGE. */
      subscriptions?: number;
    }
  | { type: "expect" }
  | { type: "close" };

/** CONNECTs in flight at once while opening. */
const OPEN_CONCURRENCY = 200;

const sockets: WebSocket[] = [];
let subscriptionsPerSocket = 1;
let arrivals: number[] = [];
let expecting = false;

const epochNow = () => performance.timeOrigin + performance.now();
const send = (message: object) => process.send?.(message);

function frame(command: string, headers: Record<string, string>): string {
  return `${command}\n${Object.entries(headers)
    .map(([name, value]) => `${name}:${value}\n`)
    .join("")}\n\0`;
}

function openOne(
  url: string,
  headers: Record<string, string>,
  destination: string,
  n: number,
  subscriptions: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, ["v12.stomp"]);
    let subscribed = false;
    socket.on("open", () => {
      socket.send(frame("CONNECT", { "accept-version": "1.2", "heart-beat": "0,10000", ...headers }));
      // Only the last SUBSCRIBE asks for a receipt: frames are handled in order, so it means all are in place.
      for (let i = 1; i < subscriptions; i++) socket.send(frame("SUBSCRIBE", { id: `s${n}-${i}`, destination }));
      socket.send(frame("SUBSCRIBE", { id: `s${n}`, destination, receipt: `r${n}` }));
    });
    socket.on("message", (data: Buffer) => {
      // 'M' MESSAGE, 'R' RECEIPT, 'E' ERROR, 'C' CONNECTED, '\n' heart-beat.
      const first = data[0];
      if (first === 0x4d) {
        if (!expecting) return;
        arrivals.push(epochNow());
        if (arrivals.length === sockets.length * subscriptionsPerSocket) {
          expecting = false;
          send({ type: "delivered", arrivals });
        }
      } else if (first === 0x52 && !subscribed) {
        subscribed = true;
        sockets.push(socket);
        resolve(true);
      } else if (first === 0x45) {
        resolve(false);
      }
    });
    socket.on("error", () => resolve(false));
    socket.on("close", () => resolve(false));
  });
}

async function open(command: Extract<Command, { type: "open" }>): Promise<void> {
  const started = performance.now();
  let failed = 0;
  let next = 0;
  subscriptionsPerSocket = command.subscriptions ?? 1;
  const worker = async () => {
    while (next < command.count) {
      const n = next++;
      if (!(await openOne(command.url, command.headers, command.destination, n, subscriptionsPerSocket))) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
  send({ type: "opened", count: sockets.length, failed, ms: performance.now() - started });
}

process.on("message", (command: Command) => {
  if (command.type === "open") void open(command);
  else if (command.type === "expect") {
    arrivals = [];
    expecting = true;
    send({ type: "ready" });
  } else if (command.type === "close") {
    const closing = sockets.map((socket) => new Promise((resolve) => socket.once("close", resolve)));
    for (const socket of sockets) socket.terminate();
    void Promise.all(closing).then(() => {
      sockets.length = 0;
      send({ type: "closed" });
    });
  }
});
