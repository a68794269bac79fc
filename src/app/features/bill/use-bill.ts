/**
 * The bill as the screen shows it: read at once, again on every message of the table's bill stream,
 * every few seconds while the stream is down (every 30 s beside it, in case a message was lost),
 * and when the device comes back online. The last answer is kept on the device (last-bill.ts) and
 * shown straight away, marked stale, until a read answers; when reads find no network it stays,
 * stale, so the guest sees what was owed "as of" its time and cannot pay from it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Bill } from "../../../domain/bill-api";
import { type ApiError, toApiError } from "../../api/api-error";
import { isInvalidAuthToken } from "../../api/invalid-auth-token";
import { useOnlineStatus } from "../shell/use-online-status";
import { fetchBill } from "./bill-calls";
import { keepBill, lastBill } from "./last-bill";
import { useBillStream } from "./use-bill-stream";

/** While the stream is down: a waiter's change shows within this. */
export const POLL_WITHOUT_STREAM_MS = 4_000;
/** Beside a working stream: only a lost message waits this long. */
export const POLL_BESIDE_STREAM_MS = 30_000;

export interface BillState {
  bill: Bill | null;
  /** The bill on screen is not a current answer (kept from before, or the last read found no network): nothing can be paid from it. */
  stale: boolean;
  /** No network: the last read found none, or the device says so. The screen says since when its bill is. */
  offline: boolean;
  /** The server refused the last read (403 NOT_AT_THIS_TABLE, 404...); null otherwise. */
  error: ApiError | null;
  /** The server refused the session (401) and a refresh did not help: the guest must sign in. */
  signedOut: boolean;
  /** No answer yet and nothing kept. */
  loading: boolean;
  reload: () => Promise<void>;
  /** A bill that came with another answer (a payment's): shown and kept like a read. */
  accept: (bill: Bill) => void;
}

export function useBill(tableId: number, userId: number | null): BillState {
  const [bill, setBill] = useState<Bill | null>(null);
  const [fresh, setFresh] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const [answered, setAnswered] = useState(false);
  const online = useOnlineStatus();
  const round = useRef(0);

  const accept = useCallback(
    (next: Bill) => {
      setBill(next);
      setFresh(true);
      setUnreachable(false);
      setError(null);
      setSignedOut(false);
      setAnswered(true);
      if (userId !== null) keepBill(userId, next);
    },
    [userId],
  );

  const reload = useCallback(async () => {
    if (userId === null) return;
    const mine = ++round.current;
    try {
      const next = await fetchBill(tableId);
      // An older read that answers after a newer one must not put the older bill back.
      if (mine !== round.current) return;
      accept(next);
    } catch (thrown) {
      if (mine !== round.current) return;
      const apiError = await toApiError(thrown);
      setAnswered(true);
      if (apiError.isNetworkError) {
        setFresh(false);
        setUnreachable(true);
      } else if (isInvalidAuthToken(apiError)) {
        setSignedOut(true);
      } else {
        // A refusal of this guest at this spot: what was kept is not theirs to see any more.
        setBill(null);
        setError(apiError);
      }
    }
  }, [tableId, userId, accept]);

  // Another account or spot: start from what this device kept for them.
  useEffect(() => {
    round.current++;
    setBill(userId === null ? null : lastBill(userId, tableId));
    setFresh(false);
    setUnreachable(false);
    setError(null);
    setSignedOut(false);
    setAnswered(false);
  }, [tableId, userId]);

  const enabled = userId !== null && !signedOut && error === null;
  const { connected } = useBillStream(tableId, enabled, () => void reload());

  useEffect(() => {
    if (userId === null) return;
    void reload();
  }, [reload, userId]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => void reload(), connected ? POLL_BESIDE_STREAM_MS : POLL_WITHOUT_STREAM_MS);
    return () => clearInterval(timer);
  }, [enabled, connected, reload]);

  useEffect(() => {
    if (!enabled) return;
    const back = () => void reload();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [enabled, reload]);

  return {
    bill,
    stale: !fresh || !online,
    offline: unreachable || !online,
    error,
    signedOut,
    loading: !answered && bill === null,
    reload,
    accept,
  };
}
