/**
 * Lazily loaded code that does not arrive (spec §8 "a failed chunk load reports a load error after
 * 120 seconds", §9 CHUNK_LOAD_TIMEOUT_MS): a chunk that fails, or hangs past the time-out on a
 * dead beach connection, becomes a ChunkLoadError, which the screens show as a load error with a
 * retry, never as a blank screen.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from "../../domain/constants";

declare global {
  /** Test-only: the end-to-end suite shortens the time-out (set before the app starts). */
  var __CHUNK_LOAD_TIMEOUT_MS__: number | undefined;
}

export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
}

export function chunkLoadTimeoutMs(): number {
  const override = globalThis.__CHUNK_LOAD_TIMEOUT_MS__;
  return typeof override === "number" && override > 0 ? override : CHUNK_LOAD_TIMEOUT_MS;
}

let firstLoadOverdue = false;

/**
 * A server-rendered page whose route code has not arrived within the time-out: the app took the
 * page over anyway (main.tsx), and its first load counts as stuck at once, not after a second
 * time-out (features/shell/use-stuck-navigation.ts).
 */
export function markFirstLoadOverdue(): void {
  firstLoadOverdue = true;
}

/** Whether the first load was overdue when the app took over; true once. */
export function takeFirstLoadOverdue(): boolean {
  const overdue = firstLoadOverdue;
  firstLoadOverdue = false;
  return overdue;
}

/** What browsers throw when a dynamic import fails (Chromium, Firefox, Safari), or our time-out. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const message = error instanceof Error ? error.message : "";
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

/** `load()`, or a ChunkLoadError once it fails or has not settled within the time-out. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs()): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`not loaded within ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}
