/**
 * Access to the Temporal API without importing an implementation: the domain stays free of
 * runtime dependencies, and each host decides where Temporal comes from (browsers that ship it
 * natively, `temporal-polyfill/global` elsewhere; the app and server load it where missing,
 * tests import it). Only the polyfill's types are imported here.
 */
import type { Temporal as TemporalApi } from "temporal-polyfill";

export type { TemporalApi as Temporal };

/** The global Temporal namespace; throws a clear error when no implementation is loaded. */
export function temporal(): typeof TemporalApi {
  const api = (globalThis as { Temporal?: typeof TemporalApi }).Temporal;
  if (api === undefined) {
    throw new Error("Temporal is not available: load 'temporal-polyfill/global' before using the domain rules.");
  }
  return api;
}
