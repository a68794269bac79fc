/**
 * Change of phone on the profile (spec §6), with its own code: the new number gets a code
 * (POST sms/send/change-phone), the code changes the phone (POST user/change-phone, new tokens).
 * Lazily loaded by the profile, because the phone field brings the phone metadata with it.
 */
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { PhoneDigits } from "../../api/accounts";
import { requestPhoneChangeCode, resendPhoneChangeCode } from "../../api/accounts";
import { errorTextOf, SUCCESS_MESSAGES } from "../../api/error-catalogue";
import { confirmPhoneChange } from "../../session/account-actions";
import { AccountMessage, type AccountMessageValue } from "../entrance/AccountMessage";
import { PhoneField } from "../entrance/PhoneField";
import { phoneDigits } from "../entrance/phone-digits";

const EMPTY_PHONE = msg`Please type your phone number`;

type Step = { kind: "phone" } | { kind: "code"; phone: PhoneDigits } | { kind: "done" };

export function ChangePhone() {
  const phoneId = useId();
  const codeId = useId();
  const [step, setStep] = useState<Step>({ kind: "phone" });
  const [value, setValue] = useState("");
  const [countryCode, setCountryCode] = useState("30");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      setMessage({ tone: "error", text: errorTextOf(error) });
    } finally {
      setBusy(false);
    }
  }

  function sendCode(event: FormEvent) {
    event.preventDefault();
    const phone = phoneDigits({ phoneValue: value, countryCode });
    if (!phone.phoneNumber) {
      setMessage({ tone: "error", text: { descriptor: EMPTY_PHONE } });
      return;
    }
    void run(async () => {
      await requestPhoneChangeCode(phone);
      setCode("");
      setStep({ kind: "code", phone });
    });
  }

  function confirm(event: FormEvent, phone: PhoneDigits) {
    event.preventDefault();
    if (!code.trim()) return;
    void run(async () => {
      await confirmPhoneChange(phone, code.trim());
      setStep({ kind: "done" });
      setMessage({ tone: "success", text: { descriptor: SUCCESS_MESSAGES.changed } });
    });
  }

  function resend(channel: "sms" | "call") {
    void run(async () => {
      await resendPhoneChangeCode(channel);
      setMessage({ tone: "success", text: { descriptor: SUCCESS_MESSAGES.newCodeSent } });
    });
  }

  if (step.kind === "done") return <AccountMessage message={message} />;

  if (step.kind === "code") {
    return (
      <form className="account-form" noValidate onSubmit={(event) => confirm(event, step.phone)}>
        <div className="account-field">
          <label htmlFor={codeId}>
            <Trans>Verification code</Trans>
          </label>
          <input
            id={codeId}
            // biome-ignore lint/a11y/noAutofocus: the step just changed; the code is the only thing to type
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
          />
        </div>
        <AccountMessage message={message} />
        <div className="account-actions">
          <button type="submit" className="button" disabled={busy || !code.trim()}>
            <Trans>Change phone</Trans>
          </button>
          <button type="button" className="link-button" onClick={() => setStep({ kind: "phone" })}>
            <Trans>Change number</Trans>
          </button>
        </div>
        <div className="account-actions">
          <button type="button" className="link-button" disabled={busy} onClick={() => resend("sms")}>
            <Trans>Send a new code by SMS</Trans>
          </button>
          <button type="button" className="link-button" disabled={busy} onClick={() => resend("call")}>
            <Trans>Receive the code by call</Trans>
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="account-form" noValidate onSubmit={sendCode}>
      <div className="account-field">
        <label htmlFor={phoneId}>
          <Trans>New mobile phone</Trans>
        </label>
        <PhoneField
          id={phoneId}
          value={value}
          onChange={(next, dialCode) => {
            setValue(next);
            setCountryCode(dialCode);
          }}
        />
      </div>
      <AccountMessage message={message} />
      <div className="account-actions">
        <button type="submit" className="button button--quiet" disabled={busy}>
          <Trans>Send code</Trans>
        </button>
      </div>
    </form>
  );
}
