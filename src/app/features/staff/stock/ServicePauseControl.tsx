/**
 * The Stock view's control of one service's pause: paused now, it says until when and why, with
 * "Resume now"; otherwise a folded form (reason, 15/30/60 minutes or until resumed) pauses it.
 * The write goes through the staff-action outbox like the stock changes; a change not answered
 * yet shows as waiting.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { isPausedAt, PAUSE_REASON_MAX, type ServicePause } from "../../../../domain/service-pause";
import type { ServicePauseRequest } from "../../../../domain/service-pause-api";
import { formatAthensTime } from "../../../i18n/athens-date-time";
import { useLanguage } from "../../../i18n/language-store";

/** The choices the PDA offers (the API takes any 5 to 720 minutes); null: until resumed. */
export const PAUSE_CHOICES: readonly (number | null)[] = [15, 30, 60, null];

/** What is waiting to be sent for the service: a pause (its request) or a resume. */
export type WaitingPause = { kind: "pause"; request: ServicePauseRequest } | { kind: "resume" };

interface ServicePauseControlProps {
  serviceName: string;
  pause: ServicePause | undefined;
  waiting: WaitingPause | null;
  nowMs: number;
  onPause: (request: ServicePauseRequest) => void;
  onResume: () => void;
}

export function ServicePauseControl({
  serviceName,
  pause,
  waiting,
  nowMs,
  onPause,
  onResume,
}: ServicePauseControlProps) {
  const { t } = useLingui();
  const { ui } = useLanguage();
  const reasonId = useId();
  const [minutes, setMinutes] = useState<number | null>(30);
  const [reason, setReason] = useState("");
  // What the waiter will see once the server answers: the waiting change, else the server's pause.
  const paused = waiting === null ? isPausedAt(pause, nowMs) : waiting.kind === "pause";
  const until = waiting?.kind === "pause" ? null : (pause?.until ?? null);
  const shownReason = waiting?.kind === "pause" ? waiting.request.reason : (pause?.reason ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onPause({ minutes, reason: reason.trim() });
  };

  if (paused) {
    return (
      <div className="stock-pause stock-pause--paused">
        <p className="stock-pause__state">
          <strong>
            {waiting === null && until !== null ? (
              <Trans>Orders paused until {formatAthensTime(until, ui)}</Trans>
            ) : (
              <Trans>Orders paused</Trans>
            )}
          </strong>
          {shownReason !== "" && <span> “{shownReason}”</span>}
        </p>
        <button type="button" className="button" disabled={waiting !== null} onClick={onResume}>
          <Trans>Resume orders now</Trans>
          <span className="visually-hidden">: {serviceName}</span>
        </button>
        {waiting !== null && (
          <p className="stock-item__waiting" role="status">
            <Trans>Waiting to be sent…</Trans>
          </p>
        )}
      </div>
    );
  }

  return (
    <details className="stock-pause">
      <summary>
        <Trans>Pause orders</Trans>
        <span className="visually-hidden">: {serviceName}</span>
      </summary>
      <form onSubmit={submit} className="stock-pause__form">
        <fieldset className="stock-pause__choices">
          <legend>
            <Trans>For how long</Trans>
          </legend>
          {PAUSE_CHOICES.map((choice) => (
            <label key={choice ?? "until-resumed"} className="stock-pause__choice">
              <input
                type="radio"
                name={`${reasonId}-minutes`}
                checked={minutes === choice}
                onChange={() => setMinutes(choice)}
              />
              {choice === null ? <Trans>Until resumed</Trans> : <Trans>{choice} min</Trans>}
            </label>
          ))}
        </fieldset>
        <label htmlFor={reasonId} className="stock-pause__reason">
          <Trans>Reason guests read (optional)</Trans>
        </label>
        <input
          id={reasonId}
          type="text"
          maxLength={PAUSE_REASON_MAX}
          value={reason}
          placeholder={t`e.g. Kitchen closed for a break`}
          onChange={(event) => setReason(event.target.value)}
        />
        <button type="submit" className="button">
          <Trans>Pause orders now</Trans>
          <span className="visually-hidden">: {serviceName}</span>
        </button>
      </form>
    </details>
  );
}
