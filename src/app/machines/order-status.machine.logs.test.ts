/** The machine's real `log` action: every §7 call goes to logEvent with the order's id (and status). */
import { describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise, SimulatedClock } from "xstate";
import type { OrderStatusEvent } from "../../domain/orders-api";
import { orderStatusMachine } from "./order-status.machine";

const logEvent = vi.hoisted(() => vi.fn());
vi.mock("../orders/logs", () => ({ logEvent }));

const underReview: OrderStatusEvent = {
  orderId: 9,
  storeId: 2,
  status: "UNDER_REVIEW",
  onHold: false,
  dailyNumber: 1,
  errorMessage: null,
  updatedAt: "2026-07-01T10:00:00.000Z",
};

describe("§7 log calls carry orderId, and status where the spec says so", () => {
  it("sends order events with orderId only and status events with orderId and status", async () => {
    const machine = orderStatusMachine.provide({
      actors: {
        fetchStatus: fromPromise(async () => underReview),
        poll: fromCallback(() => () => undefined),
        stream: fromCallback(() => () => undefined),
      },
    });
    const actor = createActor(machine, { input: { orderId: 9, storeId: 2 }, clock: new SimulatedClock() }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().context.event).not.toBeNull());
    expect(logEvent).toHaveBeenCalledWith("backup-polling-enabled", { orderId: 9 });
    expect(logEvent).toHaveBeenCalledWith("order-status-returned-from-api-call", {
      orderId: 9,
      status: "UNDER_REVIEW",
    });
    actor.stop();
  });
});
