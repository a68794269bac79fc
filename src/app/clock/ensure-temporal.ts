/**
 * Makes the Temporal API available, which the domain's hour rules use (src/domain/temporal.ts).
 * Most current browsers ship it; the polyfill (about 19 KB gzip) is fetched only where it is
 * missing, and never as part of the first load.
 */
let loading: Promise<void> | null = null;

export function ensureTemporal(): Promise<void> {
  if ("Temporal" in globalThis) return Promise.resolve();
  loading ??= import("temporal-polyfill/global").then(
    () => undefined,
    (error: unknown) => {
      // Let a later call try again (the chunk may have failed on a dropped connection).
      loading = null;
      throw error;
    },
  );
  return loading;
}
