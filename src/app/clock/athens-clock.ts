/**
 * "Now" for the ordering rules (spec §7: GET /utils/date "returns date string used as current
 * time, converted to Athens time; on failure the local clock"; §9 time zone Europe/Athens).
 *
 * - The server's instant is read once and kept as an offset from the device clock, so "now" keeps
 *   ticking without asking again, and a phone with a wrong clock or time zone still sees the bar
 *   open when it is open.
 * - When the read fails (offline, time-out, error answer), the offset is 0: the device clock. The
 *   read is tried again when the device comes back online.
 * - Temporal is loaded (the polyfill only where missing) before the first value; until then and
 *   until the server answers or fails, there is no value (null): screens show hours without an
 *   open/closed verdict rather than a wrong one.
 * - Subscribers hear about every new minute: all hour rules count whole minutes.
 */
import { type AthensNow, athensNowAt, type ClockSource, epochMsOfIso } from "./athens-now";

export interface AthensClock {
  subscribe(listener: () => void): () => void;
  getSnapshot(): AthensNow | null;
}

export interface ClockSources {
  fetchServerDate: () => Promise<string>;
  deviceNow: () => number;
  loadTemporal: () => Promise<void>;
  /** Calls back when the device may have a network again, or the page is shown again. */
  watchWakeUps?: (onOnline: () => void, onVisible: () => void) => () => void;
}

const MINUTE_MS = 60_000;

export function createAthensClock(sources: ClockSources): AthensClock {
  const listeners = new Set<() => void>();
  let snapshot: AthensNow | null = null;
  let offset: { ms: number; source: ClockSource } | null = null;
  let syncing: Promise<void> | null = null;
  let tick: ReturnType<typeof setTimeout> | undefined;
  let stopWatching: (() => void) | undefined;

  const now = () => sources.deviceNow() + (offset?.ms ?? 0);

  function publish(): void {
    if (offset === null) return;
    snapshot = athensNowAt(now(), offset.source);
    for (const listener of listeners) listener();
  }

  function scheduleTick(): void {
    clearTimeout(tick);
    if (offset === null || listeners.size === 0) return;
    // Wake just after the next minute starts.
    tick = setTimeout(
      () => {
        publish();
        scheduleTick();
      },
      MINUTE_MS - (now() % MINUTE_MS) + 20,
    );
  }

  async function readServerOffset(): Promise<{ ms: number; source: ClockSource }> {
    try {
      const iso = await sources.fetchServerDate();
      return { ms: epochMsOfIso(iso) - sources.deviceNow(), source: "server" };
    } catch {
      return { ms: 0, source: "device" };
    }
  }

  function sync(): Promise<void> {
    syncing ??= (async () => {
      await sources.loadTemporal();
      offset = await readServerOffset();
      publish();
      scheduleTick();
    })().finally(() => {
      syncing = null;
    });
    return syncing;
  }

  function startWatching(): void {
    stopWatching = sources.watchWakeUps?.(
      () => {
        if (offset?.source === "device") void sync();
      },
      () => {
        // Timers sleep in background tabs: catch up at once when the guest comes back.
        publish();
        scheduleTick();
      },
    );
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        startWatching();
        if (offset === null) void sync().catch(() => undefined);
        else scheduleTick();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearTimeout(tick);
          stopWatching?.();
        }
      };
    },
    getSnapshot: () => snapshot,
  };
}

/** A clock that always says the same instant (tests, and screens that want a frozen "now"). */
export function fixedAthensClock(iso: string): AthensClock {
  const snapshot = athensNowAt(epochMsOfIso(iso), "server");
  return { subscribe: () => () => undefined, getSnapshot: () => snapshot };
}
