/**
 * Loaded into the bench's server process with `--import` (bench/orders-placement.ts): the worst
 * event-loop delay of the server while wrk writes, from perf_hooks.monitorEventLoopDelay at 1 ms
 * resolution, and the process's CPU time. The bench asks over the IPC channel: "reset" before a
 * run, "report" after it.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let cpuAtReset = process.cpuUsage();

process.on("message", (message: unknown) => {
  if (message === "reset") {
    histogram.reset();
    cpuAtReset = process.cpuUsage();
    process.send?.({ reset: true });
  } else if (message === "report") {
    const cpu = process.cpuUsage(cpuAtReset);
    // CPU time of the server process (all its threads) since the reset: per order, a figure that
    // other load on the machine moves much less than orders per second.
    process.send?.({
      maxMs: histogram.max / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  }
});
// The channel must not keep a stopping server alive.
process.channel?.unref();
