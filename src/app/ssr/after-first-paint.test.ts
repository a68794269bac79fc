/** The app starts after the page's first paint (after-first-paint.ts), or at once in a hidden tab. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint } from "./after-first-paint";

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility("visible");
});

describe("the app's start after the first paint", () => {
  it("waits for a frame and then a task queued from it: the frame is painted before that task runs", () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    setVisibility("visible");
    const start = vi.fn();
    afterFirstPaint(start);
    vi.runAllTimers();
    expect(start).not.toHaveBeenCalled();
    for (const frame of frames.splice(0)) frame(0);
    expect(start).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(start).toHaveBeenCalledOnce();
  });

  it("is at once in a hidden tab, which gets no frames until it is shown", () => {
    const requestFrame = vi.fn();
    vi.stubGlobal("requestAnimationFrame", requestFrame);
    setVisibility("hidden");
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).toHaveBeenCalledOnce();
    expect(requestFrame).not.toHaveBeenCalled();
  });
});
