/**
 * What follows a job's failed attempt: when it is tried again, and whether it is given up (DEAD).
 *
 * Most jobs back off exponentially (`retryInitialMs` doubling up to `retryMaxMs`, with up to 25%
 * jitter so several processes spread out) and die after `maxAttempts`. A print is different: a
 * printer out of paper or switched off comes back by a person's hand, maybe an hour later, and the
 * ticket must then print within seconds; so prints retry every few seconds and are given up only
 * when the ticket is too old to be worth making.
 */
import type { JobsConfig } from "../config";
import type { JobRow } from "../db/tables/jobs.table";

/** A print is tried again at least this often while its printer is down. */
export const PRINT_RETRY_MAX_MS = 5_000;
/** A ticket not printed after this long is given up (logged for a person). */
export const PRINT_GIVE_UP_MS = 6 * 60 * 60_000;

type RetryConfig = Pick<JobsConfig, "retryInitialMs" | "retryMaxMs" | "maxAttempts">;

export function failurePlan(config: RetryConfig, job: JobRow, now: Date): { dead: boolean; retryAfterMs: number } {
  if (job.kind === "print-ticket") {
    return {
      dead: now.getTime() - Date.parse(job.created_at) >= PRINT_GIVE_UP_MS,
      retryAfterMs: retryDelay(
        { ...config, retryMaxMs: Math.min(config.retryMaxMs, PRINT_RETRY_MAX_MS) },
        job.attempts,
      ),
    };
  }
  return { dead: job.attempts >= config.maxAttempts, retryAfterMs: retryDelay(config, job.attempts) };
}

/** Exponential backoff after the nth attempt, capped, with up to 25% jitter. */
export function retryDelay(config: Pick<JobsConfig, "retryInitialMs" | "retryMaxMs">, attempts: number): number {
  const base = Math.min(config.retryMaxMs, config.retryInitialMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + Math.random() / 4));
}
