import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useBackButtonCloses } from "./use-back-closes";

describe("the back button closes an open overlay (Android's back is how a phone user leaves a modal)", () => {
  it("opening adds one history entry; back closes the overlay and leaves the entry count as before", async () => {
    const before = window.history.length;
    const close = vi.fn();
    const { rerender } = renderHook(({ open }) => useBackButtonCloses(open, close), { initialProps: { open: false } });
    rerender({ open: true });
    expect(window.history.length).toBe(before + 1);
    act(() => window.history.back());
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
    rerender({ open: false });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("closing by the overlay's own button takes its history entry off again", async () => {
    const close = vi.fn();
    const { rerender } = renderHook(({ open }) => useBackButtonCloses(open, close), { initialProps: { open: true } });
    const marked = (window.history.state as Record<string, unknown>).kymaOverlay;
    expect(marked).toBeTruthy();
    rerender({ open: false });
    await waitFor(() => expect((window.history.state as Record<string, unknown> | null)?.kymaOverlay).toBeUndefined());
    expect(close).not.toHaveBeenCalled();
  });
});
