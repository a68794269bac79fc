/**
 * One STOMP 1.2 connection over one WebSocket (design.md "Real time").
 *
 * Frames: CONNECT/STOMP -> CONNECTED; SUBSCRIBE, UNSUBSCRIBE, DISCONNECT (each with an optional
 * receipt -> RECEIPT); server MESSAGE frames (application/json, an OrderStatusEvent, or an
 * OpeningChangedEvent on a store's openings topic). This endpoint only streams: SEND, ACK, NACK
 * and transactions get an ERROR. Every ERROR closes the connection, as STOMP 1.2 says.
 *
 * Auth: CONNECT carries the session's `authToken` and `jwt` headers, checked by the same
 * `authenticate` as HTTP calls. The connection then re-checks its session every `sessionRecheckMs`
 * (session-liveness.ts): a logout, a deletion, an expired or revoked session ends it with an ERROR
 * INVALID_AUTH_TOKEN, so a revoked session stops receiving within that interval.
 *
 * Frames of a connection are handled one after another (a promise chain) since CONNECT and
 * SUBSCRIBE await the database: a DISCONNECT sent right after a SUBSCRIBE still comes second.
 */
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import { parseOrderDestination } from "../../domain/order-topics";
import { authenticate } from "../auth/sessions";
import { DEFAULT_STOMP_CONNECTION_CAPS } from "../config";
import { ApiError } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { ConnectionCaps, Release } from "./connection-caps";
import { isSessionLive } from "./session-liveness";
import {
  escapeHeader,
  type StompFrame,
  StompFrameError,
  StompFrameTooLargeError,
  StompParser,
  serializeFrame,
} from "./stomp-frames";
import { negotiateHeartBeat } from "./stomp-heartbeat";
import { ANONYMOUS_LISTENER, type Listener, listenerOf, mayListen } from "./topic-access";
import type { OrderTopicFanout, TopicMessage } from "./topic-fanout";

export interface StompLimits {
  /** Largest frame (headers and body) and largest WebSocket message accepted. */
  maxFrameBytes: number;
  maxSubscriptionsPerConnection: number;
  /** A connection whose unsent data exceeds this is a slow consumer and is closed. */
  maxBufferedBytes: number;
  /** Time to send CONNECT after the WebSocket opened. */
  connectTimeoutMs: number;
  /** The server's heart-beat floor both ways (sx and sy of the negotiation). */
  heartBeatSendMs: number;
  heartBeatReceiveMs: number;
  sessionRecheckMs: number;
  /** Abuse limits: connections one signed-in session / one client address may hold. */
  maxConnectionsPerSession: number;
  maxConnectionsPerAddress: number;
}

export const DEFAULT_STOMP_LIMITS: StompLimits = {
  maxFrameBytes: 64 * 1024,
  // A guest follows one order at a time; a waiter's screen its store and a few orders.
  maxSubscriptionsPerConnection: 32,
  maxBufferedBytes: 256 * 1024,
  connectTimeoutMs: 10_000,
  // Floors, not defaults: @stomp/stompjs asks for 10 s both ways and gets 10 s.
  heartBeatSendMs: 1_000,
  heartBeatReceiveMs: 1_000,
  sessionRecheckMs: 5 * 60_000,
  ...DEFAULT_STOMP_CONNECTION_CAPS,
};

/** One message for every refused destination, so an ERROR never tells whether an order exists. */
const FORBIDDEN_DESTINATION = "FORBIDDEN: no such destination for this session";
const INVALID_AUTH_TOKEN = "INVALID_AUTH_TOKEN";
/** The ERROR message of a refused connection; the app falls back to polling its order's status. */
const TOO_MANY_CONNECTIONS = "TOO_MANY_CONNECTIONS";
/** WebSocket close codes: 1000 normal, 1002 protocol error, 1008 policy violation, 1013 try again later. */
const CLOSE_NORMAL = 1000;
const CLOSE_PROTOCOL = 1002;
const CLOSE_POLICY = 1008;
const CLOSE_SLOW_CONSUMER = 1013;
const CLOSE_TOO_BIG = 1009;

interface Subscription {
  destination: string;
  remove: () => void;
}

type State = "awaiting-connect" | "connected" | "closed";

export interface StompSessionDeps {
  ctx: OrdersContext;
  fanout: OrderTopicFanout;
  limits: StompLimits;
  log: FastifyBaseLogger;
  /** Unique per process: the STOMP session header and the prefix of message ids. */
  id: string;
  caps: ConnectionCaps;
  /** The client's address (request.ip: X-Forwarded-For only with TRUST_PROXY). */
  address: string;
}

export class StompSession {
  #state: State = "awaiting-connect";
  readonly #parser: StompParser;
  readonly #subscriptions = new Map<string, Subscription>();
  #chain: Promise<void> = Promise.resolve();
  #listener: Listener | null = null;
  #generation = 0;
  #messageSeq = 0;
  #lastReceivedAt = Date.now();
  readonly #timers: Array<ReturnType<typeof setTimeout>> = [];
  #recheckTimer: ReturnType<typeof setTimeout> | undefined;
  /** The connection's slots in the address and session caps, given back when it ends. */
  readonly #releases: Release[] = [];

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: StompSessionDeps,
  ) {
    this.#parser = new StompParser(deps.limits.maxFrameBytes);
  }

  start(): void {
    this.socket.on("message", (data) => this.#onData(data));
    this.socket.on("close", () => this.#dispose());
    this.socket.on("error", () => this.#dispose());
    const addressSlot = this.deps.caps.admitAddress(this.deps.address);
    if (addressSlot === null) {
      this.#fail(
        `${TOO_MANY_CONNECTIONS}: at most ${this.deps.limits.maxConnectionsPerAddress} connections per address`,
        CLOSE_POLICY,
      );
      return;
    }
    this.#releases.push(addressSlot);
    const connectTimer = setTimeout(() => {
      if (this.#state === "awaiting-connect") this.#fail("No CONNECT frame in time", CLOSE_POLICY);
    }, this.deps.limits.connectTimeoutMs);
    this.#timers.push(connectTimer);
  }

  #onData(data: RawData): void {
    if (this.#state === "closed") return;
    this.#lastReceivedAt = Date.now();
    let items: ReturnType<StompParser["push"]>;
    try {
      items = this.#parser.push(toBuffer(data));
    } catch (error) {
      if (!(error instanceof StompFrameError)) throw error;
      if (error instanceof StompFrameTooLargeError) {
        // A client's oversized frame is one warning line per connection (it ends here),
        // without a stack trace: it says nothing about the server's code.
        this.deps.log.warn(
          { session: this.deps.id, address: this.deps.address, maxFrameBytes: this.deps.limits.maxFrameBytes },
          "STOMP frame too large: connection closed",
        );
        this.#fail(`Frame too large: at most ${this.deps.limits.maxFrameBytes} bytes`, CLOSE_TOO_BIG);
        return;
      }
      this.#fail(`Malformed frame: ${error.message}`, CLOSE_PROTOCOL);
      return;
    }
    for (const item of items) {
      if (item.kind !== "frame") continue;
      const { frame } = item;
      this.#chain = this.#chain
        .then(() => (this.#state === "closed" ? undefined : this.#handle(frame)))
        .catch((error: unknown) => {
          this.deps.log.error({ err: error }, "STOMP frame handling failed");
          this.#fail("Server error", CLOSE_POLICY);
        });
    }
  }

  async #handle(frame: StompFrame): Promise<void> {
    const command = frame.command;
    if (this.#state === "awaiting-connect") {
      if (command === "CONNECT" || command === "STOMP") return this.#connect(frame);
      return this.#fail("Send CONNECT first", CLOSE_PROTOCOL, frame);
    }
    switch (command) {
      case "SUBSCRIBE":
        return this.#subscribe(frame);
      case "UNSUBSCRIBE":
        return this.#unsubscribe(frame);
      case "DISCONNECT":
        return this.#disconnect(frame);
      case "CONNECT":
      case "STOMP":
        return this.#fail("Already connected", CLOSE_PROTOCOL, frame);
      case "SEND":
      case "ACK":
      case "NACK":
      case "BEGIN":
      case "COMMIT":
      case "ABORT":
        return this.#fail(`${command} is not accepted: this endpoint only streams order statuses`, CLOSE_POLICY, frame);
      default:
        return this.#fail(`Unknown command ${command}`, CLOSE_PROTOCOL, frame);
    }
  }

  async #connect(frame: StompFrame): Promise<void> {
    const versions = (frame.headers["accept-version"] ?? "").split(",").map((v) => v.trim());
    if (!versions.includes("1.2")) {
      return this.#fail("Supported protocol versions are 1.2", CLOSE_PROTOCOL, frame, { version: "1.2" });
    }
    const { limits } = this.deps;
    const heartBeat = negotiateHeartBeat(frame.headers["heart-beat"], {
      sendMs: limits.heartBeatSendMs,
      receiveMs: limits.heartBeatReceiveMs,
    });
    if (heartBeat === null) return this.#fail("Malformed heart-beat header", CLOSE_PROTOCOL, frame);

    const headers = frame.headers;
    const authtoken = headers.authToken ?? headers.authtoken;
    const jwt = headers.jwt;
    let listener: Listener;
    if (authtoken === undefined && jwt === undefined) {
      // No tokens at all: a guest reading a menu before signing in. It may follow public topics
      // only (topic-access.ts); the per-address cap still counts it. Wrong tokens stay an error.
      listener = ANONYMOUS_LISTENER;
    } else {
      try {
        const signedIn = await authenticate(this.deps.ctx, { authtoken, jwt });
        listener = listenerOf(signedIn.account, signedIn.sessionId);
        this.#generation = signedIn.account.user.token_generation;
      } catch (error) {
        if (error instanceof ApiError) return this.#fail(INVALID_AUTH_TOKEN, CLOSE_POLICY, frame);
        throw error;
      }
    }
    if (this.#state !== "awaiting-connect") return;
    if (listener.sessionId !== null) {
      const sessionSlot = this.deps.caps.admitSession(listener.sessionId);
      if (sessionSlot === null) {
        const message = `${TOO_MANY_CONNECTIONS}: at most ${limits.maxConnectionsPerSession} connections per session`;
        return this.#fail(message, CLOSE_POLICY, frame);
      }
      this.#releases.push(sessionSlot);
    }
    this.#listener = listener;
    this.#state = "connected";
    this.#send({
      command: "CONNECTED",
      headers: {
        version: "1.2",
        "heart-beat": `${heartBeat.outgoingMs},${heartBeat.incomingMs}`,
        session: this.deps.id,
        server: "venue-ordering/1",
      },
      body: "",
    });
    this.#startHeartBeats(heartBeat.outgoingMs, heartBeat.incomingMs);
    if (listener.sessionId !== null) this.#scheduleRecheck();
  }

  async #subscribe(frame: StompFrame): Promise<void> {
    const { id, destination, ack } = frame.headers;
    if (id === undefined || id === "" || destination === undefined) {
      return this.#fail("SUBSCRIBE needs id and destination headers", CLOSE_PROTOCOL, frame);
    }
    if (ack !== undefined && ack !== "auto") return this.#fail("Only ack:auto is supported", CLOSE_PROTOCOL, frame);
    if (this.#subscriptions.has(id))
      return this.#fail(`Subscription id ${id} is already in use`, CLOSE_PROTOCOL, frame);
    if (this.#subscriptions.size >= this.deps.limits.maxSubscriptionsPerConnection) {
      return this.#fail("Too many subscriptions on this connection", CLOSE_POLICY, frame);
    }
    const topic = parseOrderDestination(destination);
    const listener = this.#listener;
    if (
      topic === null ||
      listener === null ||
      !(await mayListen(this.deps.ctx.db, listener, topic, this.deps.ctx.now()))
    ) {
      return this.#fail(FORBIDDEN_DESTINATION, CLOSE_POLICY, frame);
    }
    if (this.#state !== "connected") return;
    // The subscription's own header, serialized once; the rest of each MESSAGE is the topic's.
    const headPrefix = `MESSAGE\nsubscription:${escapeHeader(id)}\nmessage-id:`;
    const remove = this.deps.fanout.add(topic, { deliver: (message) => this.#message(headPrefix, message) });
    this.#subscriptions.set(id, { destination, remove });
    this.#receipt(frame);
  }

  #unsubscribe(frame: StompFrame): void {
    const id = frame.headers.id;
    if (id === undefined || id === "") {
      this.#fail("UNSUBSCRIBE needs an id header", CLOSE_PROTOCOL, frame);
      return;
    }
    // An unknown id is not an error: the subscription may have been refused or already removed.
    this.#subscriptions.get(id)?.remove();
    this.#subscriptions.delete(id);
    this.#receipt(frame);
  }

  #disconnect(frame: StompFrame): void {
    this.#receipt(frame);
    this.#dispose();
    this.socket.close(CLOSE_NORMAL);
  }

  #message(headPrefix: string, message: TopicMessage): void {
    if (this.#state !== "connected") return;
    if (this.socket.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      // A client that does not read would make the server hold every event for it: cut it off;
      // its app falls back to polling and reconnects.
      const limit = this.deps.limits.maxBufferedBytes;
      this.deps.log.warn({ session: this.deps.id, address: this.deps.address, limit }, "STOMP slow consumer closed");
      this.#dispose();
      this.socket.close(CLOSE_SLOW_CONSUMER, `slow consumer: more than ${limit} bytes unsent`);
      return;
    }
    this.#messageSeq += 1;
    const head = `${headPrefix}${escapeHeader(`${this.deps.id}-${this.#messageSeq}`)}\n`;
    this.#sendRaw(Buffer.concat([Buffer.from(head, "utf8"), message.frameTail]));
  }

  #receipt(frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.#send({ command: "RECEIPT", headers: { "receipt-id": receipt }, body: "" });
  }

  #startHeartBeats(outgoingMs: number, incomingMs: number): void {
    if (outgoingMs > 0) {
      this.#timers.push(setInterval(() => this.#sendRaw("\n"), outgoingMs));
    }
    if (incomingMs > 0) {
      // STOMP 1.2 suggests tolerance for network delays: silence for twice the promised interval ends it.
      const silenceLimit = 2 * incomingMs;
      this.#timers.push(
        setInterval(
          () => {
            if (Date.now() - this.#lastReceivedAt <= silenceLimit) return;
            this.#dispose();
            this.socket.terminate();
          },
          Math.max(50, Math.floor(incomingMs / 2)),
        ),
      );
    }
  }

  #scheduleRecheck(): void {
    const interval = this.deps.limits.sessionRecheckMs;
    // Spread the first checks so connections opened together do not all query in the same tick.
    const delay = this.#recheckTimer === undefined ? interval * (0.5 + Math.random() / 2) : interval;
    this.#recheckTimer = setTimeout(() => void this.#recheck(), delay);
  }

  async #recheck(): Promise<void> {
    const listener = this.#listener;
    if (this.#state !== "connected" || listener === null) return;
    let live: boolean;
    try {
      live = await isSessionLive(this.deps.ctx.db, listener, this.#generation, this.deps.ctx.now());
    } catch (error) {
      // A database hiccup is not a revoked session: try again at the next interval.
      this.deps.log.warn({ err: error }, "STOMP session re-check failed");
      live = true;
    }
    if (this.#state !== "connected") return;
    if (!live) return this.#fail(INVALID_AUTH_TOKEN, CLOSE_POLICY);
    this.#scheduleRecheck();
  }

  /** Sends an ERROR frame (with receipt-id when the offending frame asked for a receipt) and closes. */
  #fail(message: string, closeCode: number, frame?: StompFrame, extraHeaders: Record<string, string> = {}): void {
    if (this.#state === "closed") return;
    const headers: Record<string, string> = { message, ...extraHeaders };
    const receipt = frame?.headers.receipt;
    if (receipt !== undefined) headers["receipt-id"] = receipt;
    if (frame !== undefined) headers["content-type"] = "text/plain";
    this.#send({ command: "ERROR", headers, body: frame === undefined ? "" : `In reply to ${frame.command}` });
    this.#dispose();
    this.socket.close(closeCode);
  }

  #send(frame: StompFrame): void {
    this.#sendRaw(serializeFrame(frame));
  }

  #sendRaw(data: Buffer | string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    // Text messages: STOMP over WebSocket clients (stompjs) read text frames; a NUL is valid UTF-8.
    this.socket.send(data, { binary: false });
  }

  #dispose(): void {
    if (this.#state === "closed") return;
    this.#state = "closed";
    for (const timer of this.#timers) clearTimeout(timer);
    clearTimeout(this.#recheckTimer);
    for (const subscription of this.#subscriptions.values()) subscription.remove();
    this.#subscriptions.clear();
    for (const release of this.#releases) release();
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
