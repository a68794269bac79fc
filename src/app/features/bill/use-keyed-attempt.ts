/**
 * One write with an Idempotency-Key, as the guest's taps make it: the key is made once per attempt
 * and kept, with the attempt's body, until a definite answer. Without one (no answer, a 5xx, the
 * server still busy with the first copy) the attempt stays pending and "Try again" sends the same
 * body with the same key, so the server answers with what it stored: a card is never charged twice
 * and a waiter never called twice for one tap. The readings are the order outbox's
 * (domain/order-outbox.ts decideAfterError); nothing is sent by itself later (no queue): a card
 * payment happens only while the guest is there to see its answer. With a `kept` place the pending
 * attempt also outlives a reload of the page (a payment whose answer was lost stays the same payment).
 */
import { useCallback, useRef, useState } from "react";
import { decideAfterError } from "../../../domain/order-outbox";
import { type ApiError, toApiError } from "../../api/api-error";
import { readStored, removeStored, type StorageKey, writeStored } from "../../storage/local-storage";
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

/** Where a pending attempt is kept across reloads (the tab's sessionStorage), and under which name in it. */
export interface KeptAttempt {
  storage: Storage | undefined;
  key: StorageKey;
  /** Which attempt of that kind (a spot's payment): another one's kept attempt is not this one. */
  scope: string;
}

type Pending<B> = { key: string; body: B };

export function useKeyedAttempt<B, T>(
  send: (body: B, key: string) => Promise<T>,
  kept?: KeptAttempt,
): KeyedAttempt<B, T> {
  const pendingRef = useRef<Pending<B> | null>(null);
  const keptRef = useRef(kept);
  if (pendingRef.current === null && kept !== undefined) pendingRef.current = readKept<B>(kept);
  const [pending, setPending] = useState(pendingRef.current !== null);
  const [busy, setBusy] = useState(false);
  const sendRef = useRef(send);
  sendRef.current = send;

  const run = useCallback(async (body: B): Promise<AttemptOutcome<T>> => {
    const attempt = pendingRef.current ?? { key: newAttemptKey(), body };
    pendingRef.current = attempt;
    keep(keptRef.current, attempt);
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
      if (pendingRef.current === null) keep(keptRef.current, null);
      setPending(pendingRef.current !== null);
      setBusy(false);
    }
  }, []);

  const retry = useCallback(() => (pendingRef.current === null ? null : run(pendingRef.current.body)), [run]);

  return { run, retry, pending, busy };
}

function readKept<B>(kept: KeptAttempt): Pending<B> | null {
  try {
    const stored = JSON.parse(readStored(kept.key, kept.storage) ?? "null") as (Pending<B> & { scope?: string }) | null;
    return stored !== null && stored.scope === kept.scope && typeof stored.key === "string"
      ? { key: stored.key, body: stored.body }
      : null;
  } catch {
    return null;
  }
}

function keep<B>(kept: KeptAttempt | undefined, attempt: Pending<B> | null): void {
  if (kept === undefined) return;
  if (attempt === null) removeStored(kept.key, kept.storage);
  else writeStored(kept.key, JSON.stringify({ ...attempt, scope: kept.scope }), kept.storage);
}
