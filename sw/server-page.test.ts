import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageOrFallback } from "./server-page";

const shell = () => Promise.resolve(new Response("shell", { status: 200 }));
const page = (status: number) => new Response(status === 304 ? null : `page ${status}`, { status });

describe("pageOrFallback: a server-rendered page comes from the network first, the shell when the network fails or is slow", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([200, 304, 404])("answers the network's page (%i) when it comes in time", async (status) => {
    const answer = await pageOrFallback(Promise.resolve(page(status)), shell, 2_000);
    expect(answer.status).toBe(status);
  });

  it("answers the shell when the network fails (offline)", async () => {
    const answer = await pageOrFallback(Promise.reject(new TypeError("Failed to fetch")), shell, 2_000);
    expect(await answer.text()).toBe("shell");
  });

  it("answers the shell for a server error", async () => {
    const answer = await pageOrFallback(Promise.resolve(page(502)), shell, 2_000);
    expect(await answer.text()).toBe("shell");
  });

  it("answers the shell once the time-out passes without the page, not before", async () => {
    let arrive: (response: Response) => void = () => undefined;
    const slow = new Promise<Response>((resolve) => {
      arrive = resolve;
    });
    let settled: Response | undefined;
    const answer = pageOrFallback(slow, shell, 2_000).then((response) => {
      settled = response;
      return response;
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await (await answer).text()).toBe("shell");
    arrive(page(200));
  });
});
