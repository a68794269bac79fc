/**
 * One request to the waiter from the bill: "I will pay the waiter" in cash or on the card terminal
 * (with the amount and tip chosen above, so the waiter brings the right change or terminal), or
 * just "Call the waiter". Each tap is one attempt with its Idempotency-Key; without an answer the
 * same call is sent again on "Try again", so the waiter is called once. The answer is confirmed on
 * screen in a live region that takes the focus.
 */
import { Trans } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { WaiterCallKind } from "../../../domain/bill";
import type { WaiterCall, WaiterCallRequest } from "../../../domain/bill-api";
import { type ErrorText, errorTextOf } from "../../api/error-catalogue";
import { callWaiter } from "./bill-calls";
import { ErrorLine } from "./ErrorLine";
import { useKeyedAttempt } from "./use-keyed-attempt";

interface WaiterCallButtonProps {
  tableId: number;
  kind: WaiterCallKind;
  /** PAY_*: what the guest means to pay, and the tip (null: not chosen yet, the waiter asks). */
  amountCents?: number | null;
  tipCents?: number;
  disabled: boolean;
  children: ReactNode;
  className?: string;
}

export function WaiterCallButton({
  tableId,
  kind,
  amountCents = null,
  tipCents = 0,
  disabled,
  children,
  className = "button button--quiet",
}: WaiterCallButtonProps) {
  const attempt = useKeyedAttempt<WaiterCallRequest, WaiterCall>((body, key) => callWaiter(tableId, body, key));
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<ErrorText | null>(null);
  const confirmRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (done) confirmRef.current?.focus();
  }, [done]);

  async function send() {
    setProblem(null);
    setDone(false);
    const body: WaiterCallRequest =
      kind === "CALL" || amountCents === null ? { kind } : { kind, amountCents, tipCents };
    const outcome = await attempt.run(body);
    if (outcome.kind === "done") setDone(true);
    else setProblem(errorTextOf(outcome.error));
  }

  return (
    <div className="waiter-call">
      <button type="button" className={className} disabled={disabled || attempt.busy} onClick={() => void send()}>
        {attempt.pending && !attempt.busy ? <Trans>Try again</Trans> : children}
      </button>
      <div role="status">
        {done && (
          <p ref={confirmRef} tabIndex={-1} className="bill-confirm">
            {kind === "CALL" ? (
              <Trans>The waiter is coming.</Trans>
            ) : (
              <Trans>The waiter is coming to take your payment.</Trans>
            )}
          </p>
        )}
      </div>
      <ErrorLine text={problem} />
    </div>
  );
}
