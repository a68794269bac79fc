/**
 * One write with an Idempotency-Key, as the guest's taps make it: the key is made once per attempt
 * and kept, with the attempt's body, until a definite answer. Without one (no answer, a 5xx, the
 * server still busy with the first copy) the attempt stays pending and "Try again" sends the same
 * body with the same key, so the server answers with what it stored: a card is never charged twice
 * and a waiter never called twice for one tap. The readings are the order outbox's
 * (domain/order-outbox.ts decideAfterError); nothing is sent by itself later (no queue): a card
 * payment happens only while the guest is there to see its answer.
 */
import { useCallback, useRef, useState } from "react";
import { decideAfterError } from "../../../domain/order-outbox";
import { type ApiError, toApiError } from "../../api/api-error";
import { newAttemptKey } from "./bill-calls";

export type AttemptOutcome<T> =
  | { kind: "done"; answer: T }
  /** A definite "no": nothing was done; a new tap is a new attempt. */
  | { kind: "refused"; error: ApiError }
  /** No definite answer: the attempt stays pending for a repeat with the same key. */
  | { kind: "unanswered"; error: ApiError };

export interface KeyedAttempt<B, T> {
  /** Sends `body` as a new attempt, or the pending attempt again (its own body and key). */
  run: (body: B) => Promise<AttemptOutcome<T>>;
  /** Sends the pending attempt again (its own body and key); null when none is pending. */
  retry: () => Promise<AttemptOutcome<T>> | null;
  /** An attempt is waiting for a definite answer. */
  pending: boolean;
  busy: boolean;
}

export function isDefiniteRefusal(error: ApiError): boolean {
  return error.status !== null && decideAfterError(error.status, error.code).action !== "retry";
}

export function useKeyedAttempt<B, T>(send: (body: B, key: string) => Promise<T>): KeyedAttempt<B, T> {
  const pendingRef = useRef<{ key: string; body: B } | null>(null);
  const [pending, setPending] = useState(false);
  const [busy, setBusy] = useState(false);
  const sendRef = useRef(send);
  sendRef.current = send;

  const run = useCallback(async (body: B): Promise<AttemptOutcome<T>> => {
    const attempt = pendingRef.current ?? { key: newAttemptKey(), body };
    pendingRef.current = attempt;
    setPending(true);
    setBusy(true);
    try {
      const answer = await sendRef.current(attempt.body, attempt.key);
      pendingRef.current = null;
      return { kind: "done", answer };
    } catch (thrown) {
      const error = await toApiError(thrown);
      if (isDefiniteRefusal(error)) {
        pendingRef.current = null;
        return { kind: "refused", error };
      }
      return { kind: "unanswered", error };
    } finally {
      setPending(pendingRef.current !== null);
      setBusy(false);
    }
  }, []);

  const retry = useCallback(() => (pendingRef.current === null ? null : run(pendingRef.current.body)), [run]);

  return { run, retry, pending, busy };
}
