/**
 * The actions another waiter queued on this PDA and did not send before they locked it (or that an
 * older app queued without saying who made them): shown on every staff screen to the waiter signed
 * in now, who sends each as themselves or discards it. Never sent under their session without
 * their say: money must not be attributed to the wrong waiter (action-outbox.ts). Discarding takes
 * a second tap, since a discarded payment is never recorded.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import type { PendingStaffActionRow } from "../../../db/app-db";
import { describeAction } from "../openings/action-description";
import { discardHeldAction, heldStaffActions, sendHeldActionAsSignedIn } from "../openings/action-outbox";

export function HeldActions({ userId }: { userId: number }) {
  const { t } = useLingui();
  const held = useLiveQuery(() => heldStaffActions(userId), [userId]);
  if (held === undefined || held.length === 0) return null;
  return (
    <section className="staff-refused staff-held" aria-label={t`Not sent: made by another waiter`}>
      <ul>
        {held.map((row) => (
          <HeldAction key={row.idempotencyKey} row={row} />
        ))}
      </ul>
    </section>
  );
}

function HeldAction({ row }: { row: PendingStaffActionRow }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const what = describeAction(row, i18n);
  const maker = row.byName ?? "";
  const send = async () => {
    setSending(true);
    try {
      // Its outcome shows where every outcome does: a refusal in the refused notices, a success by leaving this list.
      await sendHeldActionAsSignedIn(row.idempotencyKey);
    } finally {
      setSending(false);
    }
  };
  return (
    <li className="staff-refused__item">
      <p>
        <strong>
          {maker === "" ? (
            <Trans>Not sent: {what}, made by another waiter.</Trans>
          ) : (
            <Trans>
              Not sent: {what}, made by {maker}.
            </Trans>
          )}
        </strong>{" "}
        <Trans>Send it as yourself if it was done, or discard it.</Trans>
      </p>
      <button type="button" className="button" disabled={sending} onClick={() => void send()}>
        <Trans>Send as me</Trans>
      </button>
      {confirming ? (
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void discardHeldAction(row.idempotencyKey)}
        >
          <Trans>Discard: it will not be recorded</Trans>
        </button>
      ) : (
        <button type="button" className="button button--quiet" onClick={() => setConfirming(true)}>
          <Trans>Discard</Trans>
        </button>
      )}
    </li>
  );
}
