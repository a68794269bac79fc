/**
 * Loaded into the bench's server process with `--import` (bench/orders-placement.ts): the worst
 * event-loop delay of the server while wrk writes, from perf_hooks.monitorEventLoopDelay at 1 ms
 * resolution, and the process's CPU time. The bench asks over the IPC channel: "reset" before a
 * run, "report" after it.
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
let cpuAtReset = process.cpuUsage();
let ioAtReset = processIo();

/** The process's write syscalls and bytes so far (/proc/self/io; zeros where there is none). */
function processIo(): { writeCalls: number; writeBytes: number } {
  try {
    const text = readFileSync("/proc/self/io", "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    return { writeCalls: field("syscw"), writeBytes: field("wchar") };
  } catch {
    return { writeCalls: 0, writeBytes: 0 };
  }
}

process.on("message", (message: unknown) => {
  if (message === "reset") {
    histogram.reset();
    cpuAtReset = process.cpuUsage();
    ioAtReset = processIo();
    process.send?.({ reset: true });
  } else if (message === "report") {
    const cpu = process.cpuUsage(cpuAtReset);
    const io = processIo();
    // CPU time of the server process (all its threads) since the reset: per order, a figure that
    // other load on the machine moves much less than orders per second.
    process.send?.({
      maxMs: histogram.max / 1e6,
      p99Ms: histogram.percentile(99) / 1e6,
      cpuMs: (cpu.user + cpu.system) / 1000,
      cpuSystemMs: cpu.system / 1000,
      // Every write(2)-like call and its bytes (the SQLite -wal file's frames, and the sockets').
      writeCalls: io.writeCalls - ioAtReset.writeCalls,
      writeBytes: io.writeBytes - ioAtReset.writeBytes,
    });
  }
});
// The channel must not keep a stopping server alive.
process.channel?.unref();
