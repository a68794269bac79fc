/**
 * A bill payment is sent once per attempt: an attempt without an answer is sent again with its own
 * key and body, also after a reload of the page (the tab's storage keeps it), and a definite answer
 * ends it.
 */
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../storage/local-storage";
import { useKeyedAttempt } from "./use-keyed-attempt";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("a bill payment's attempt", () => {
  it("bill: a payment whose answer was lost is the same payment (same key, same body) after a reload", async () => {
    const storage = memoryStorage();
    const kept = { storage, key: STORAGE_KEYS.pendingBillPayment, scope: "table 7" };
    const lost = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    const first = renderHook(() => useKeyedAttempt<{ amountCents: number }, string>(lost, kept));
    await act(async () => {
      expect((await first.result.current.run({ amountCents: 640 })).kind).toBe("unanswered");
    });
    const [, sentKey] = lost.mock.calls[0] ?? [];
    first.unmount();

    // The page is loaded again: the attempt is still pending, and "Try again" sends it as it was.
    const answered = vi.fn().mockResolvedValue("paid");
    const again = renderHook(() => useKeyedAttempt<{ amountCents: number }, string>(answered, kept));
    expect(again.result.current.pending).toBe(true);
    await act(async () => {
      expect(await again.result.current.retry()).toEqual({ kind: "done", answer: "paid" });
    });
    expect(answered).toHaveBeenCalledWith({ amountCents: 640 }, sentKey);
    expect(again.result.current.pending).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.pendingBillPayment)).toBeNull();

    // Another spot's page does not take it up.
    await act(async () => {
      await first.result.current.run({ amountCents: 100 }).catch(() => undefined);
    });
    const elsewhere = renderHook(() =>
      useKeyedAttempt<{ amountCents: number }, string>(answered, { ...kept, scope: "table 8" }),
    );
    expect(elsewhere.result.current.pending).toBe(false);
  });
});
