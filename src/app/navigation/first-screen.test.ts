import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules();
});

describe("first screen (what the first screen does not need waits for it)", () => {
  it("is up only once the router's first load settled and the page went idle", async () => {
    const { firstScreenShown, markFirstScreenAfter } = await import("./first-screen");
    let finishLoad: () => void = () => undefined;
    const idleWork: (() => void)[] = [];
    markFirstScreenAfter(new Promise<void>((resolve) => (finishLoad = resolve)), (work) => idleWork.push(work));
    let up = false;
    void firstScreenShown.then(() => (up = true));
    await Promise.resolve();
    expect(idleWork).toHaveLength(0);
    finishLoad();
    await vi.waitFor(() => expect(idleWork).toHaveLength(1));
    expect(up).toBe(false);
    idleWork[0]?.();
    await vi.waitFor(() => expect(up).toBe(true));
  });

  it("can be read without subscribing: false before the first screen is up, true after", async () => {
    const { isFirstScreenShown, markFirstScreenAfter } = await import("./first-screen");
    const idleWork: (() => void)[] = [];
    markFirstScreenAfter(Promise.resolve(), (work) => idleWork.push(work));
    await vi.waitFor(() => expect(idleWork).toHaveLength(1));
    expect(isFirstScreenShown()).toBe(false);
    idleWork[0]?.();
    expect(isFirstScreenShown()).toBe(true);
  });

  it("a failed first load counts too (the error screen is the first screen then)", async () => {
    const { firstScreenShown, markFirstScreenAfter } = await import("./first-screen");
    markFirstScreenAfter(Promise.reject(new Error("offline")), (work) => work());
    await expect(firstScreenShown).resolves.toBeUndefined();
  });
});
