/**
 * Polling of GET /api/orders/:orderId/status as an XState callback actor (design.md: polling as a
 * `fromCallback` actor that returns its cleanup). One request at a time: the next one is scheduled
 * only once the previous answered or failed, so a slow beach connection never piles requests up.
 *
 * Delays go through the actor system's scheduler, i.e. the clock the machine runs on: tests drive
 * them with a SimulatedClock, the app with the real one.
 */
import { type EventObject, fromCallback } from "xstate";
import type { OrderStatusEvent } from "../../../domain/orders-api";
import type { PollInput, StatusReceived } from "./status-events";

type Tick = { type: "POLL.TICK" };
export type FetchStatus = (orderId: number) => Promise<OrderStatusEvent>;

export function pollingLogic(fetchStatus: FetchStatus) {
  return fromCallback<EventObject, PollInput>(({ input, self, system, sendBack, receive }) => {
    const timerId = `order-status-poll-${input.source}`;
    let stopped = false;

    const schedule = () =>
      system.scheduler.schedule(self, self, { type: "POLL.TICK" } satisfies Tick, input.intervalMs, timerId);
    const poll = () => {
      fetchStatus(input.orderId)
        .then((event) => {
          if (!stopped) sendBack({ type: "STATUS", source: input.source, event } satisfies StatusReceived);
        })
        // A failed poll says nothing new: the next one asks again.
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) schedule();
        });
    };

    receive((event) => {
      if (event.type === "POLL.TICK") poll();
    });
    if (input.immediately) poll();
    else schedule();

    return () => {
      stopped = true;
      system.scheduler.cancel(self, timerId);
    };
  });
}
