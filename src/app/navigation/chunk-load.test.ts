/** Spec §8/§9: a chunk that fails or does not arrive within 120 s is a load error. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../domain/constants";
import {
  ChunkLoadError,
  chunkLoadTimeoutMs,
  isChunkLoadError,
  markFirstLoadOverdue,
  takeFirstLoadOverdue,
  withChunkTimeout,
} from "./chunk-load";

afterEach(() => {
  vi.useRealTimers();
  globalThis.__CHUNK_LOAD_TIMEOUT_MS__ = undefined;
});

describe("chunk loading (spec §8, §9 chunk load time-out 120 s)", () => {
  it("a chunk still loading after 120 s is a ChunkLoadError; at 119.999 s it is still waited for", async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const loading = withChunkTimeout(() => new Promise(() => {})).catch((error: unknown) => {
      settled(error);
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(settled.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadError);
  });

  it("a chunk that arrives in time is passed through; a failed import becomes a load error", async () => {
    await expect(withChunkTimeout(() => Promise.resolve("module"))).resolves.toBe("module");
    const failed = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    await expect(withChunkTimeout(() => Promise.reject(failed))).rejects.toBe(failed);
    await expect(withChunkTimeout(() => Promise.reject(new Error("boom")))).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it("recognises the browsers' dynamic-import failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError("text")).toBe(false);
  });

  it("120 s unless the test-only setting shortens it", () => {
    expect(chunkLoadTimeoutMs()).toBe(120_000);
    globalThis.__CHUNK_LOAD_TIMEOUT_MS__ = 2_000;
    expect(chunkLoadTimeoutMs()).toBe(2_000);
  });
});

describe("a server-rendered page's first load overdue (spec §8: the load error after the time-out, once)", () => {
  it("is taken once: the first load counts as stuck at once, a later navigation waits its own time-out", () => {
    expect(takeFirstLoadOverdue()).toBe(false);
    markFirstLoadOverdue();
    expect(takeFirstLoadOverdue()).toBe(true);
    expect(takeFirstLoadOverdue()).toBe(false);
  });
});
