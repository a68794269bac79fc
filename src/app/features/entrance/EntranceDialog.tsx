/**
 * The entrance (sign-in) dialog (spec §2): the view of entrance.machine.ts. Mounted by
 * AccountsLayer while a request is open; it reports back once the machine has closed and reset,
 * and passes "login done" on. Lazily loaded with XState and the phone input.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useMachine } from "@xstate/react";
import { type FormEvent, useEffect, useId, useRef } from "react";
import { entranceMachine } from "../../machines/entrance.machine";
import { isStaffDevice, terminalSpot } from "../../session/staff-device";
import { lastVisitedStoreId } from "../../venue/last-store";
import { Dialog } from "../shell/Dialog";
import { useBackButtonCloses } from "../shell/use-back-closes";
import { AccountMessage } from "./AccountMessage";
import { type EntranceRequest, entranceFinished, signalLoginDone } from "./entrance-store";
import { formatPhoneForPeople, PhoneField } from "./PhoneField";
import { useSecondsLeft } from "./use-seconds-left";
import { waitClock } from "./wait-clock";
import "./accounts.css";

export function EntranceDialog({ request }: { request: EntranceRequest }) {
  const { t } = useLingui();
  const [snapshot, send, actor] = useMachine(entranceMachine, {
    input: {
      staffDevice: isStaffDevice(),
      startWithPin: request.startWithPin ?? false,
      // A PIN names the terminal's store, whatever guest link was opened on it last: a waiter signs in to their venue.
      storeId: terminalSpot()?.storeId ?? lastVisitedStoreId(),
      orderOnHold: request.orderOnHold ?? false,
    },
  });
  const { context } = snapshot;

  // Every request (a new object) opens the dialog, also while it slides out.
  useEffect(() => {
    send({ type: "OPEN", orderOnHold: request.orderOnHold ?? false });
  }, [request, send]);

  useEffect(() => {
    const subscription = actor.on("loggedIn", (event) => signalLoginDone(event.session));
    return () => subscription.unsubscribe();
  }, [actor]);

  // The machine starts closed and opens on the first OPEN: only a closed after having been open
  // (the reset 850 ms after closing) ends the request.
  const hasOpened = useRef(false);
  const closed = snapshot.matches("closed");
  useEffect(() => {
    if (!closed) hasOpened.current = true;
    else if (hasOpened.current) entranceFinished();
  }, [closed]);

  // The phone's back button closes the dialog, as it closes the item and language modals.
  useBackButtonCloses(snapshot.matches("open"), () => send({ type: "CLOSE" }));

  if (snapshot.matches("closed")) return null;
  const closing = snapshot.matches("closing");
  const title = context.orderOnHold ? t`Complete order` : t`Sign in`;

  return (
    <Dialog
      title={title}
      closeLabel={t`Close`}
      onClose={() => send({ type: "CLOSE" })}
      className={`entrance-dialog${closing ? " entrance-dialog--closing" : ""}`}
    >
      {snapshot.matches({ open: "verification" }) ? (
        <VerificationStep
          code={context.code}
          phone={context.phoneValue}
          busy={snapshot.matches({ open: { verification: "verifying" } })}
          sending={snapshot.matches({ open: { verification: "resending" } })}
          resendWait={context.resendWait}
          onCode={(code) => send({ type: "SET_CODE", code })}
          onVerify={() => send({ type: "VERIFY" })}
          onChangeNumber={() => send({ type: "CHANGE_NUMBER" })}
          onResend={(channel) => send({ type: "RESEND", channel })}
        />
      ) : (
        <EntranceStep
          mode={context.mode}
          phone={context.phoneValue}
          pin={context.pin}
          pinFocusRequest={context.pinFocusRequest}
          canToggle={context.staffDevice}
          orderOnHold={context.orderOnHold}
          busy={
            snapshot.matches({ open: { entrance: "sendingCode" } }) ||
            snapshot.matches({ open: { entrance: "signingInWithPin" } }) ||
            snapshot.matches({ open: "success" })
          }
          onPhone={(value, countryCode) => send({ type: "SET_PHONE", value, countryCode })}
          onPin={(pin) => send({ type: "SET_PIN", pin })}
          onToggle={() => send({ type: "TOGGLE_MODE" })}
          onSubmit={() => send({ type: "SUBMIT" })}
        />
      )}
      <AccountMessage message={context.message} />
    </Dialog>
  );
}

interface EntranceStepProps {
  mode: "phone" | "pin";
  phone: string;
  pin: string;
  pinFocusRequest: number;
  canToggle: boolean;
  orderOnHold: boolean;
  busy: boolean;
  onPhone: (value: string, countryCode: string) => void;
  onPin: (pin: string) => void;
  onToggle: () => void;
  onSubmit: () => void;
}

function EntranceStep(props: EntranceStepProps) {
  const fieldId = useId();
  const hintId = useId();
  const pinRef = useRef<HTMLInputElement>(null);

  // The machine asks for focus PIN_FOCUS_DELAY_MS after the PIN field shows (spec §9).
  useEffect(() => {
    if (props.pinFocusRequest > 0) pinRef.current?.focus();
  }, [props.pinFocusRequest]);

  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSubmit();
  }

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      {props.mode === "phone" ? (
        <div className="account-field">
          <label htmlFor={fieldId}>
            <Trans>Mobile phone</Trans>
          </label>
          <PhoneField id={fieldId} value={props.phone} onChange={props.onPhone} describedBy={hintId} />
          <p id={hintId} className="account-field__hint">
            <Trans>We will send you a code by SMS to sign in.</Trans>
          </p>
        </div>
      ) : (
        <div className="account-field">
          <label htmlFor={fieldId}>
            <Trans>Pin</Trans>
          </label>
          <input
            ref={pinRef}
            id={fieldId}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={props.pin}
            // A pin is 4 to 8 digits (the venue file's rule): anything else typed never lands in it.
            onChange={(event) => props.onPin(event.target.value.replace(/\D/g, ""))}
          />
        </div>
      )}
      <div className="account-actions">
        <button type="submit" className="button" disabled={props.busy}>
          {props.orderOnHold ? <Trans>Continue</Trans> : <Trans>Sign in</Trans>}
        </button>
        {props.canToggle && (
          <button type="button" className="link-button" onClick={props.onToggle}>
            {props.mode === "phone" ? <Trans>Sign in with pin</Trans> : <Trans>Sign in with phone</Trans>}
          </button>
        )}
      </div>
      {props.mode === "pin" && (
        // A plain link: the dialog may be open outside the router's tree, where a router Link cannot work.
        <p className="account-field__hint">
          <a href="/staff-login">
            <Trans>Admin? Sign in with e-mail and password</Trans>
          </a>{" "}
          <Trans>
            A new device the pin keeps refusing becomes a terminal once an admin signs in on it, or a waiter opens an
            admin's sign-in link on it.
          </Trans>
        </p>
      )}
    </form>
  );
}

interface VerificationStepProps {
  code: string;
  phone: string;
  busy: boolean;
  sending: boolean;
  /** A new code may not be asked for yet: the server's wait (null: it may). */
  resendWait: { seconds: number } | null;
  onCode: (code: string) => void;
  onVerify: () => void;
  onChangeNumber: () => void;
  onResend: (channel: "sms" | "call") => void;
}

function VerificationStep(props: VerificationStepProps) {
  const fieldId = useId();
  const waitId = useId();
  const blank = props.code.trim() === "";
  const secondsLeft = useSecondsLeft(props.resendWait);
  const clock = secondsLeft === null ? null : waitClock(secondsLeft);
  const waiting = clock !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    props.onVerify();
  }

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <div className="account-field">
        <label htmlFor={fieldId}>
          <Trans>Verification code</Trans>
        </label>
        <p className="account-field__hint">
          <Trans>We sent a code to {formatPhoneForPeople(props.phone)}. It arrives within about a minute.</Trans>
        </p>
        <input
          id={fieldId}
          // biome-ignore lint/a11y/noAutofocus: the step just changed; the code is the only thing to type
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={props.code}
          onChange={(event) => props.onCode(event.target.value)}
        />
      </div>
      <div className="account-actions">
        <button type="submit" className="button" disabled={blank || props.busy}>
          <Trans>Verify</Trans>
        </button>
        <button type="button" className="link-button" onClick={props.onChangeNumber}>
          <Trans>Change number</Trans>
        </button>
      </div>
      <div className="account-actions">
        <button
          type="button"
          className="link-button"
          disabled={props.sending || waiting}
          aria-describedby={waiting ? waitId : undefined}
          onClick={() => props.onResend("sms")}
        >
          <Trans>Send a new code by SMS</Trans>
        </button>
        <button
          type="button"
          className="link-button"
          disabled={props.sending || waiting}
          aria-describedby={waiting ? waitId : undefined}
          onClick={() => props.onResend("call")}
        >
          <Trans>Receive the code by call</Trans>
        </button>
      </div>
      {waiting && (
        // Not a live region: a clock announced every second would drown the dialog's message.
        <p id={waitId} className="account-field__hint" data-testid="resend-wait">
          <Trans>You can ask for a new code in {clock}</Trans>
        </p>
      )}
    </form>
  );
}
