/**
 * The acceptance-time sweeper (an order is timed out when the store's acceptance time runs
 * out): every SWEEP_INTERVAL_MS it times out the waiting orders past their deadline, and each is
 * announced like any other status change (event, card void, the guest's message).
 *
 * Every API process runs one. On PostgreSQL they race harmlessly: the conditional UPDATE of
 * timeOutExpired gives each expired order to exactly one of them. A staff member who tries to
 * accept an expired order before the next sweep finds it timed out too (status-changes.ts), so
 * the interval only bounds how late the guest hears it, never what is allowed.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OrdersContext } from "./context";
import { timeOutExpired } from "./status-changes";

/** Short next to the store's acceptance time (minutes); one indexed query per round. */
export const SWEEP_INTERVAL_MS = 15_000;

export const orderTimeouts: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async (app, { ctx }) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const sweep = () => {
    // A slow round (a locked database) is not overlapped by the next one.
    if (running !== undefined) return;
    running = timeOutExpired(ctx)
      .then((events) => {
        if (events.length > 0) app.log.info({ orderIds: events.map((e) => e.orderId) }, "orders timed out");
      })
      .catch((error: unknown) => app.log.error({ err: error }, "order timeout sweep failed"))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook("onReady", async () => {
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    // The sweeper alone never keeps the process alive.
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
};
