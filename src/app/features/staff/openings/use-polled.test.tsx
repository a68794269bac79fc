/**
 * A staff list keeps its last answer when the PDA goes offline and says since when,
 * at once when the device reports the loss, and clears it on the next answer after reconnecting.
 */
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { usePolled } from "./use-polled";

describe("usePolled: offline on the PDA, the last answer stays", () => {
  it("keeps the last answer, marks 'offline since' on the device's offline event, clears it when back", async () => {
    const load = vi.fn().mockResolvedValue({ orders: [1] });
    const { result } = renderHook(() => usePolled(load, 60_000));
    await waitFor(() => expect(result.current.data).toEqual({ orders: [1] }));
    expect(result.current.offlineSince).toBeNull();

    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(result.current.offlineSince).toBeInstanceOf(Date);
    expect(result.current.data).toEqual({ orders: [1] });
    const since = result.current.offlineSince;

    // A second offline event keeps the first time.
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(result.current.offlineSince).toBe(since);

    load.mockResolvedValue({ orders: [1, 2] });
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(result.current.data).toEqual({ orders: [1, 2] }));
    expect(result.current.offlineSince).toBeNull();
  });
  it("an answer already on its way when the device went offline shows, but 'offline since' stays", async () => {
    let answer = (_: unknown) => {};
    const load = vi
      .fn()
      .mockResolvedValueOnce({ orders: [1] })
      .mockImplementationOnce(
        () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      );
    const { result } = renderHook(() => usePolled(load, 60_000));
    await waitFor(() => expect(result.current.data).toEqual({ orders: [1] }));
    // A read starts (a stream event), then the Wi-Fi goes before its answer arrives.
    act(() => void result.current.reload());
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    const since = result.current.offlineSince;
    expect(since).toBeInstanceOf(Date);
    await act(async () => answer({ orders: [1, 2] }));
    expect(result.current.data).toEqual({ orders: [1, 2] });
    expect(result.current.offlineSince).toBe(since);
    onLine.mockRestore();
  });

  it("a new interval (the stream back or lost) changes the pace without a read of its own", async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn().mockResolvedValue({ orders: [1] });
      const { rerender } = renderHook(({ interval }) => usePolled(load, interval), {
        initialProps: { interval: 3_000 },
      });
      expect(load).toHaveBeenCalledTimes(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3_000);
      });
      expect(load).toHaveBeenCalledTimes(2);
      rerender({ interval: 15_000 });
      expect(load).toHaveBeenCalledTimes(2);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(14_999);
      });
      expect(load).toHaveBeenCalledTimes(2);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
