/**
 * The open menu follows its store's catalogue: which STOMP events read the menu again, with
 * jitter, and the poll while the stream is down. The STOMP hook is replaced by a fake that the
 * test drives (use-session-topics has its own tests through the staff screens).
 */
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeCatalogueDestination } from "../../../domain/order-topics";
import { LIVE_MENU_POLL_MS, MENU_READ_JITTER_MS, newerCatalogueVersion, readDelayMs } from "./live-catalogue";
import { useLiveCatalogue } from "./use-live-catalogue";

const stream = vi.hoisted(() => ({
  connected: true,
  onChange: (_event?: unknown): void => undefined,
  destinations: [] as readonly string[],
  options: {} as { anonymous?: boolean },
}));

vi.mock("../../orders/status/use-session-topics", () => ({
  useSessionTopics: (
    destinations: readonly string[],
    _enabled: boolean,
    onChange: (event?: unknown) => void,
    options: { anonymous?: boolean },
  ) => {
    stream.destinations = destinations;
    stream.onChange = onChange;
    stream.options = options;
    return { connected: stream.connected };
  },
}));

beforeEach(() => {
  vi.useFakeTimers();
  stream.connected = true;
});

afterEach(() => {
  vi.useRealTimers();
});

describe("live catalogue rules", () => {
  it("an event of the store with a newer version asks for a read; the same or an older one, another store's, or garbage does not", () => {
    expect(newerCatalogueVersion(null, 7, { storeId: 7, catalogueVersion: 3 })).toBe(3);
    expect(newerCatalogueVersion(3, 7, { storeId: 7, catalogueVersion: 4 })).toBe(4);
    expect(newerCatalogueVersion(4, 7, { storeId: 7, catalogueVersion: 4 })).toBeNull();
    expect(newerCatalogueVersion(4, 7, { storeId: 7, catalogueVersion: 2 })).toBeNull();
    expect(newerCatalogueVersion(null, 7, { storeId: 8, catalogueVersion: 9 })).toBeNull();
    expect(newerCatalogueVersion(null, 7, { storeId: 7, catalogueVersion: "9" })).toBeNull();
    expect(newerCatalogueVersion(null, 7, "x")).toBeNull();
  });

  it("a read waits a random delay below the jitter bound, so a thousand phones do not read at the same instant", () => {
    expect(readDelayMs(() => 0)).toBe(0);
    expect(readDelayMs(() => 0.999)).toBeLessThan(MENU_READ_JITTER_MS);
    expect(MENU_READ_JITTER_MS).toBeGreaterThanOrEqual(200);
  });
});

describe("useLiveCatalogue", () => {
  it("subscribes to the store's catalogue topic, without a session too", () => {
    renderHook(() => useLiveCatalogue(7, vi.fn()));
    expect(stream.destinations).toEqual([storeCatalogueDestination(7)]);
    expect(stream.options).toEqual({ anonymous: true });
  });

  it("reads once after an event with a newer version (after the jitter), and not again for a repeat of it", () => {
    const read = vi.fn();
    renderHook(() => useLiveCatalogue(7, read));
    act(() => stream.onChange({ storeId: 7, catalogueVersion: 5 }));
    expect(read).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(MENU_READ_JITTER_MS));
    expect(read).toHaveBeenCalledTimes(1);
    act(() => stream.onChange({ storeId: 7, catalogueVersion: 5 }));
    act(() => vi.advanceTimersByTime(MENU_READ_JITTER_MS));
    expect(read).toHaveBeenCalledTimes(1);
    act(() => stream.onChange({ storeId: 7, catalogueVersion: 6 }));
    act(() => vi.advanceTimersByTime(MENU_READ_JITTER_MS));
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("events close together make one read", () => {
    const read = vi.fn();
    renderHook(() => useLiveCatalogue(7, read));
    act(() => {
      stream.onChange({ storeId: 7, catalogueVersion: 5 });
      stream.onChange({ storeId: 7, catalogueVersion: 6 });
      stream.onChange({ storeId: 7, catalogueVersion: 7 });
    });
    act(() => vi.advanceTimersByTime(MENU_READ_JITTER_MS));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("the first connect reads nothing (a cold visit reads the menu once); a reconnect reads once: what changed while the stream was down", () => {
    const read = vi.fn();
    renderHook(() => useLiveCatalogue(7, read));
    act(() => stream.onChange());
    act(() => vi.advanceTimersByTime(MENU_READ_JITTER_MS));
    expect(read).not.toHaveBeenCalled();
    act(() => stream.onChange());
    act(() => vi.advanceTimersByTime(MENU_READ_JITTER_MS));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("while the stream is down, the menu is polled every LIVE_MENU_POLL_MS; not while it is up", () => {
    stream.connected = false;
    const read = vi.fn();
    const { rerender } = renderHook(() => useLiveCatalogue(7, read));
    act(() => vi.advanceTimersByTime(LIVE_MENU_POLL_MS + MENU_READ_JITTER_MS));
    expect(read).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(LIVE_MENU_POLL_MS + MENU_READ_JITTER_MS));
    expect(read).toHaveBeenCalledTimes(2);
    stream.connected = true;
    rerender();
    act(() => vi.advanceTimersByTime(3 * LIVE_MENU_POLL_MS));
    expect(read).toHaveBeenCalledTimes(2);
  });
});
