/** The tab's storage areas are opened early, each in a task of its own (open-storage-early.ts). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { openStorageEarly } from "./open-storage-early";

const AREAS = ["localStorage", "sessionStorage"] as const;
const originals = AREAS.map((area) => [area, Object.getOwnPropertyDescriptor(window, area)] as const);

/** Replaces both areas with fakes whose reads are recorded by area (or which throw). */
function fakeAreas(read: (area: string) => string | null): string[] {
  const reads: string[] = [];
  for (const area of AREAS) {
    Object.defineProperty(window, area, {
      configurable: true,
      get: () => ({
        getItem: () => {
          reads.push(area);
          return read(area);
        },
      }),
    });
  }
  return reads;
}

afterEach(() => {
  vi.useRealTimers();
  for (const [area, descriptor] of originals) if (descriptor) Object.defineProperty(window, area, descriptor);
});

describe("opening the storage areas before the app runs", () => {
  it("reads localStorage and sessionStorage in two later tasks, not in the caller's", () => {
    vi.useFakeTimers();
    const reads = fakeAreas(() => null);
    openStorageEarly();
    expect(reads).toEqual([]);
    // One timer per area: each read is a task of its own.
    expect(vi.getTimerCount()).toBe(2);
    vi.runAllTimers();
    expect(reads).toEqual(["localStorage", "sessionStorage"]);
  });

  it("lets a browser that refuses storage go on: the app handles it where it reads", () => {
    vi.useFakeTimers();
    const reads = fakeAreas(() => {
      throw new DOMException("denied", "SecurityError");
    });
    openStorageEarly();
    expect(() => vi.runAllTimers()).not.toThrow();
    expect(reads).toEqual(["localStorage", "sessionStorage"]);
  });
});
