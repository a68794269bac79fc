import { act, renderHook } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it, vi } from "vitest";
import { fromCallback, fromPromise } from "xstate";
import type { OrderStatusEvent } from "../../../domain/orders-api";
import { orderStatusMachine } from "../../machines/order-status.machine";
import type { StreamEvent } from "./status-events";
import { type FollowedOrder, useOrderStatus } from "./use-order-status";

const status = (orderId: number, value: OrderStatusEvent["status"], second = 1): OrderStatusEvent => ({
  orderId,
  storeId: 1,
  status: value,
  onHold: false,
  dailyNumber: 3,
  errorMessage: null,
  updatedAt: `2026-07-01T10:00:0${second}.000Z`,
});

/** The machine with fakes at the network edge: the first read answers `first`, polls never answer. */
function fakes(first: OrderStatusEvent["status"]) {
  const logged: Array<{ event: string; orderId: number }> = [];
  const streams: Array<{ orderId: number; stopped: boolean; send: (event: StreamEvent) => void }> = [];
  const machine = orderStatusMachine.provide({
    actions: { log: ({ context }, params) => void logged.push({ event: params.event, orderId: context.orderId }) },
    actors: {
      fetchStatus: fromPromise(async ({ input }) => status(input.orderId, first)),
      poll: fromCallback(() => () => undefined),
      stream: fromCallback(({ input, sendBack }) => {
        const stream = { orderId: input.orderId, stopped: false, send: (event: StreamEvent) => sendBack(event) };
        streams.push(stream);
        return () => {
          stream.stopped = true;
        };
      }),
    },
  });
  return { machine, logged, streams };
}

describe("useOrderStatus (spec §4 live status, §7 cart-screen-closed-while-pending)", () => {
  it("StrictMode's unmount and mount again keep one connection and log no close", async () => {
    const { machine, logged, streams } = fakes("WAITING_FOR_ACCEPTANCE");
    const { result } = renderHook(() => useOrderStatus({ orderId: 5, storeId: 1 }, { machine }), {
      wrapper: StrictMode,
    });
    await vi.waitFor(() => expect(result.current.status).toBe("WAITING_FOR_ACCEPTANCE"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(streams).toHaveLength(1);
    expect(streams[0]?.stopped).toBe(false);
    expect(logged.map((entry) => entry.event)).not.toContain("cart-screen-closed-while-pending");
  });

  it("shows the first status, then what the stream brings, and says how it listens", async () => {
    const { machine, streams } = fakes("WAITING_FOR_ACCEPTANCE");
    const { result } = renderHook(() => useOrderStatus({ orderId: 5, storeId: 1 }, { machine }));
    await vi.waitFor(() => expect(result.current.status).toBe("WAITING_FOR_ACCEPTANCE"));
    expect(result.current.live).toBe("stream");
    act(() => streams[0]?.send({ type: "STREAM.SOCKET_ERROR", reason: "close" }));
    expect(result.current.live).toBe("polling");
    act(() => streams[0]?.send({ type: "STREAM.MESSAGE", body: JSON.stringify(status(5, "ACCEPTED", 2)) }));
    // The stream was stopped: only polling answers now. Nothing changed.
    expect(result.current.status).toBe("WAITING_FOR_ACCEPTANCE");
  });

  it("a final status: the event with its details, and nothing listens any more", async () => {
    const { machine, streams } = fakes("WAITING_FOR_ACCEPTANCE");
    const { result } = renderHook(() => useOrderStatus({ orderId: 5, storeId: 1 }, { machine }));
    await vi.waitFor(() => expect(result.current.status).toBe("WAITING_FOR_ACCEPTANCE"));
    const rejected = { ...status(5, "REJECTED", 3), errorMessage: "Kitchen closed" };
    act(() => streams[0]?.send({ type: "STREAM.MESSAGE", body: JSON.stringify(rejected) }));
    expect(result.current).toEqual({ status: "REJECTED", event: { ...rejected, preparation: null }, live: "idle" });
    expect(streams[0]?.stopped).toBe(true);
  });

  it("§7 unmounting while pending logs cart-screen-closed-while-pending and stops the stream", async () => {
    const { machine, logged, streams } = fakes("UNDER_REVIEW");
    const { result, unmount } = renderHook(() => useOrderStatus({ orderId: 5, storeId: 1 }, { machine }));
    await vi.waitFor(() => expect(result.current.status).toBe("UNDER_REVIEW"));
    unmount();
    await vi.waitFor(() => expect(logged.at(-1)).toEqual({ event: "cart-screen-closed-while-pending", orderId: 5 }));
    expect(streams[0]?.stopped).toBe(true);
  });

  it("unmounting after a final status logs nothing more", async () => {
    const { machine, logged } = fakes("ACCEPTED");
    const { result, unmount } = renderHook(() => useOrderStatus({ orderId: 5, storeId: 1 }, { machine }));
    await vi.waitFor(() => expect(result.current.status).toBe("ACCEPTED"));
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logged.map((entry) => entry.event)).not.toContain("cart-screen-closed-while-pending");
  });

  it("no order: idle, nothing started; another order: the first is closed, the new one followed", async () => {
    const { machine, logged, streams } = fakes("WAITING_FOR_ACCEPTANCE");
    const { result, rerender } = renderHook((order: FollowedOrder | null) => useOrderStatus(order, { machine }), {
      initialProps: null as FollowedOrder | null,
    });
    expect(result.current).toEqual({ status: null, event: null, live: "idle" });
    expect(streams).toHaveLength(0);
    rerender({ orderId: 5, storeId: 1 });
    await vi.waitFor(() => expect(result.current.event?.orderId).toBe(5));
    rerender({ orderId: 6, storeId: 1 });
    await vi.waitFor(() => expect(result.current.event?.orderId).toBe(6));
    await vi.waitFor(() => expect(logged).toContainEqual({ event: "cart-screen-closed-while-pending", orderId: 5 }));
    expect(streams.map((s) => [s.orderId, s.stopped])).toEqual([
      [5, true],
      [6, false],
    ]);
  });
});
