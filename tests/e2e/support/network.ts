/**
 * Beach Wi-Fi for the e2e suite (issue 12 item 1): Chromium's own network emulation through CDP
 * (`Network.emulateNetworkConditions`) for a slow, high-latency link, and connection drops of a few
 * seconds. A drop also takes the context offline through Playwright, which applies the same
 * emulation to the service worker: its fetches leave from its own target, which the page's CDP
 * session does not reach. Chromium's offline emulation leaves open WebSockets alone, where a real
 * drop kills them: the page's WebSockets pass through Playwright (routeWebSocket), and a drop closes
 * them and refuses new ones until the connection is back.
 */
import type { BrowserContext, CDPSession, Page, WebSocketRoute } from "@playwright/test";

export interface LinkProfile {
  /** Round-trip time added to every request, ms. */
  latencyMs: number;
  downKbps: number;
  upKbps: number;
}

/** Issue 12 item 1: "a slow, high-latency link (400 ms RTT, 400 kbit/s down, 200 up)". */
export const SLOW_BEACH_LINK: LinkProfile = { latencyMs: 400, downKbps: 400, upKbps: 200 };

const bytesPerSecond = (kbps: number) => (kbps * 1000) / 8;

export class EmulatedNetwork {
  readonly #context: BrowserContext;
  readonly #cdp: CDPSession;
  readonly #profile: LinkProfile;
  readonly #sockets = new Set<WebSocketRoute>();
  #down = false;

  private constructor(context: BrowserContext, cdp: CDPSession, profile: LinkProfile) {
    this.#context = context;
    this.#cdp = cdp;
    this.#profile = profile;
  }

  /** Puts the page on `profile` (Chromium only) until `restoreFullSpeed`. Call before the page opens its WebSockets. */
  static async throttle(page: Page, profile: LinkProfile = SLOW_BEACH_LINK): Promise<EmulatedNetwork> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const network = new EmulatedNetwork(page.context(), cdp, profile);
    await page.routeWebSocket(/./, (socket) => {
      if (network.#down) {
        void socket.close({ code: 1011, reason: "no network (test)" });
        return;
      }
      socket.connectToServer();
      network.#sockets.add(socket);
    });
    await network.#emulate(false);
    return network;
  }

  /** The connection drops now (page, service worker, open WebSockets); `reconnect` brings the slow link back. */
  async disconnect(): Promise<void> {
    this.#down = true;
    await this.#emulate(true);
    await this.#context.setOffline(true);
    for (const socket of this.#sockets) await socket.close({ code: 1011, reason: "no network (test)" });
    this.#sockets.clear();
  }

  async reconnect(): Promise<void> {
    // Playwright's "online" resets the page's emulation to full speed: throttle again after it.
    await this.#context.setOffline(false);
    await this.#emulate(false);
    this.#down = false;
  }

  /**
   * Drops the connection for `ms` (issue 12: "drops for 2-5 s at a time"), running `whileDown`
   * during the drop (e.g. a check of the "waiting for connection" state), then reconnects.
   */
  async drop(ms: number, whileDown: () => Promise<void> = async () => undefined): Promise<void> {
    const started = Date.now();
    await this.disconnect();
    try {
      await whileDown();
      const left = ms - (Date.now() - started);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    } finally {
      await this.reconnect();
    }
  }

  async restoreFullSpeed(): Promise<void> {
    await this.#context.setOffline(false);
    await this.#cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await this.#cdp.detach().catch(() => undefined);
  }

  #emulate(offline: boolean): Promise<unknown> {
    return this.#cdp.send("Network.emulateNetworkConditions", {
      offline,
      latency: this.#profile.latencyMs,
      downloadThroughput: bytesPerSecond(this.#profile.downKbps),
      uploadThroughput: bytesPerSecond(this.#profile.upKbps),
    });
  }
}

/** A drop length between 2 and 5 s, varied across the test's drops (seeded, so a run is repeatable). */
export function dropLengths(count: number): number[] {
  return Array.from({ length: count }, (_, index) => 2_000 + ((index * 1_300) % 3_001));
}
