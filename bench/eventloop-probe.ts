/**
 * Loaded into the bench's server process with `--import` (bench/orders-placement.ts): the worst
 * event-loop delay of the server while wrk writes, from perf_hooks.monitorEventLoopDelay at 1 ms
 * resolution. The bench asks over the IPC channel: "reset" before a run, "report" after it.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();

process.on("message", (message: unknown) => {
  if (message === "reset") {
    histogram.reset();
    process.send?.({ reset: true });
  } else if (message === "report") {
    process.send?.({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 });
  }
});
// The channel must not keep a stopping server alive.
process.channel?.unref();
