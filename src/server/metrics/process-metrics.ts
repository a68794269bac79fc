/**
 * The process's own metrics (prom-client's defaults: CPU, memory, heap, garbage collection and the
 * event loop's delay, nodejs_eventloop_lag_*): one registry per process, made with the first app,
 * however many apps a process builds (tests build many; each collection would run a monitor).
 */
import { collectDefaultMetrics, Registry } from "prom-client";

let registry: Registry | undefined;

export function processMetrics(): Registry {
  if (registry === undefined) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
