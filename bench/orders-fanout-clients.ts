/**
 * The STOMP clients of the fan-out benches (orders-fanout.ts, catalogue-fanout.ts,
 * stomp-fanout-eventloop.ts), in a child process of their own: 10,000 WebSockets on each side would
 * pass one process's open-file limit (20,000 here). Driven over IPC:
 *   open {url, count, headers, destination | destinations, subscriptions?} -> opened {count, failed, ms}
 *   resubscribe {destinations}   -> (every client moved) resubscribed {failed, ms}
 *   expect {destination?, includes?} -> ready, then (after every subscription got one such MESSAGE)
 *                                       delivered {arrivals, stray}
 *   close                        -> closed
 * Clients are raw `ws` sockets that send CONNECT + SUBSCRIBE (with a receipt) and look at as little
 * of what arrives as the command asks: the bench measures the server, so the clients do as little
 * as possible. With an `expect` that names a destination (or text), only a MESSAGE to it (holding
 * it) counts as an arrival; any other MESSAGE meanwhile, or one more than a client should get, is
 * counted as `stray`, so that an event of something else, or a duplicate, can never stand in for
 * the one measured.
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
      /** One destination (with `subscriptions` subscriptions to it) or several, one subscription each. */
      destination?: string;
      destinations?: string[];
      /** Subscriptions to `destination` per connection (default 1); each gets every MESSAGE. */
      subscriptions?: number;
    }
  | { type: "resubscribe"; destinations: string[] }
  | { type: "expect"; destination?: string; includes?: string }
  | { type: "close" };

/** CONNECTs (or re-SUBSCRIBEs) in flight at once. */
const OPEN_CONCURRENCY = 200;

interface Client {
  socket: WebSocket;
  /** Its subscriptions' ids now. */
  ids: string[];
  /** Set while a receipt is awaited. */
  onReceipt: ((ok: boolean) => void) | null;
  /** Expected MESSAGEs it got since the last `expect` (one more than it should get is stray). */
  got: number;
}

const clients: Client[] = [];
/** Subscriptions per client to the expected destination (each gets the MESSAGE). */
let deliveriesPerClient = 1;
let arrivals: number[] = [];
let stray = 0;
let expecting: { destination?: string; includes?: string } | null = null;
let nextId = 0;

const epochNow = () => performance.timeOrigin + performance.now();
const send = (message: object) => process.send?.(message);

function frame(command: string, headers: Record<string, string>): string {
  return `${command}\n${Object.entries(headers)
    .map(([name, value]) => `${name}:${value}\n`)
    .join("")}\n\0`;
}

/** Whether a MESSAGE frame is the one expected (its destination header, and the text asked for). */
function isExpected(data: Buffer): boolean {
  if (expecting === null) return false;
  if (expecting.destination !== undefined) {
    const head = data.toString("latin1", 0, Math.min(data.length, 1024));
    const start = head.indexOf("\ndestination:");
    const end = start < 0 ? -1 : head.indexOf("\n", start + 1);
    if (start < 0 || head.slice(start + "\ndestination:".length, end) !== expecting.destination) return false;
  }
  return expecting.includes === undefined || data.includes(expecting.includes);
}

/** SUBSCRIBEs one client to the destinations, the receipt on the last (frames are handled in order). */
function subscribe(client: Client, destinations: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    client.onReceipt = resolve;
    for (const id of client.ids) client.socket.send(frame("UNSUBSCRIBE", { id }));
    client.ids = destinations.map(() => `s${nextId++}`);
    destinations.forEach((destination, index) => {
      const id = client.ids[index] as string;
      const last = index === destinations.length - 1;
      client.socket.send(frame("SUBSCRIBE", last ? { id, destination, receipt: `r-${id}` } : { id, destination }));
    });
  });
}

function openOne(url: string, headers: Record<string, string>, destinations: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, ["v12.stomp"]);
    const client: Client = { socket, ids: [], onReceipt: null, got: 0 };
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      if (ok) clients.push(client);
      resolve(ok);
    };
    socket.on("open", () => {
      socket.send(frame("CONNECT", { "accept-version": "1.2", "heart-beat": "0,10000", ...headers }));
      void subscribe(client, destinations).then(settle);
    });
    socket.on("message", (data: Buffer) => {
      // 'M' MESSAGE, 'R' RECEIPT, 'E' ERROR, 'C' CONNECTED, '\n' heart-beat.
      const first = data[0];
      if (first === 0x4d) {
        if (expecting === null) return;
        if (!isExpected(data) || client.got >= deliveriesPerClient) {
          stray += 1;
          return;
        }
        client.got += 1;
        arrivals.push(epochNow());
        if (arrivals.length === clients.length * deliveriesPerClient) {
          expecting = null;
          send({ type: "delivered", arrivals, stray });
        }
      } else if (first === 0x52) {
        const waiting = client.onReceipt;
        client.onReceipt = null;
        waiting?.(true);
      } else if (first === 0x45) {
        client.onReceipt?.(false);
        settle(false);
      }
    });
    socket.on("error", () => settle(false));
    socket.on("close", () => settle(false));
  });
}

/** Runs `task` for 0..count-1, OPEN_CONCURRENCY at a time; returns how many answered false. */
async function inParallel(count: number, task: (n: number) => Promise<boolean>): Promise<number> {
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      if (!(await task(next++))) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
  return failed;
}

async function open(command: Extract<Command, { type: "open" }>): Promise<void> {
  const started = performance.now();
  const destinations =
    command.destinations ?? Array.from({ length: command.subscriptions ?? 1 }, () => command.destination ?? "");
  // Several subscriptions to one destination each get its MESSAGE; several destinations, one of them does.
  deliveriesPerClient = command.destinations === undefined ? destinations.length : 1;
  const failed = await inParallel(command.count, () => openOne(command.url, command.headers, destinations));
  send({ type: "opened", count: clients.length, failed, ms: performance.now() - started });
}

async function resubscribe(destinations: string[]): Promise<void> {
  const started = performance.now();
  deliveriesPerClient = 1;
  const failed = await inParallel(clients.length, (n) => subscribe(clients[n] as Client, destinations));
  send({ type: "resubscribed", failed, ms: performance.now() - started });
}

process.on("message", (command: Command) => {
  if (command.type === "open") void open(command);
  else if (command.type === "resubscribe") void resubscribe(command.destinations);
  else if (command.type === "expect") {
    arrivals = [];
    stray = 0;
    for (const client of clients) client.got = 0;
    expecting = { destination: command.destination, includes: command.includes };
    send({ type: "ready" });
  } else if (command.type === "close") {
    const closing = clients.map(({ socket }) => new Promise((resolve) => socket.once("close", resolve)));
    for (const { socket } of clients) socket.terminate();
    void Promise.all(closing).then(() => {
      clients.length = 0;
      send({ type: "closed" });
    });
  }
});
