/**
 * Admins' sign-in by e-mail and password, and the password reset by e-mail code (/staff-login; spec
 * §7 email/send/reset and user/reset-password, §8 texts). The e-mail is the venue file's; the first
 * password is set by the reset. Signed in, the device becomes a terminal of the admin's store and
 * the admin screen opens.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { ERROR_MESSAGES, errorTextOf, SUCCESS_MESSAGES } from "../../../api/error-catalogue";
import { loginWithPassword, requestPasswordResetCode, resetPassword } from "../../../api/staff-sign-in";
import { sessionFromResponse, storeSession } from "../../../session/session";
import {
  deviceSecretFor,
  ensureDeviceSecretSignedIn,
  markStaffTerminal,
} from "../../../session/staff-device-enrolment";
import { lastVisitedStoreId } from "../../../venue/last-store";
import { AccountMessage, type AccountMessageValue } from "../../entrance/AccountMessage";
import { TitledPage } from "../../shell/TitledPage";
import { checkReset, checkResetRequest, checkSignIn, type FormProblem, RESET_CODE_DIGITS } from "./staff-login-checks";
// Its forms are the accounts forms: opened directly, nothing else would have loaded their styles.
import "../../entrance/accounts.css";

type Step = "sign-in" | "ask-code" | "reset";

const PROBLEM_TEXTS: Record<FormProblem, MessageDescriptor> = {
  EMPTY_EMAIL: ERROR_MESSAGES.EMPTY_EMAIL,
  INVALID_EMAIL: ERROR_MESSAGES.INVALID_EMAIL,
  INVALID_PASSWORD: ERROR_MESSAGES.INVALID_PASSWORD,
  INVALID_VERIFICATION_CODE: ERROR_MESSAGES.INVALID_VERIFICATION_CODE,
  PASSWORDS_DIFFER: msg`The passwords do not match`,
};

const problem = (code: FormProblem): AccountMessageValue => ({
  tone: "error",
  text: { descriptor: PROBLEM_TEXTS[code] },
});

export function StaffLoginScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const ids = { email: useId(), password: useId(), code: useId(), repeat: useId(), codeHint: useId() };
  const [step, setStep] = useState<Step>("sign-in");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [repeated, setRepeated] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);

  function goTo(next: Step) {
    setStep(next);
    setPassword("");
    setRepeated("");
    setMessage(null);
  }

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setMessage({ tone: "error", text: errorTextOf(error) });
    } finally {
      setBusy(false);
    }
  }

  function signIn(event: FormEvent) {
    event.preventDefault();
    const checked = checkSignIn(email, password);
    if (!checked.ok) return setMessage(problem(checked.problem));
    const storeId = lastVisitedStoreId();
    void run(async () => {
      const device = storeId === undefined ? undefined : deviceSecretFor(storeId);
      const response = await loginWithPassword(checked.value.email, checked.value.password, device);
      await storeSession(sessionFromResponse(response));
      const { storeId: adminStore } = response.authToken.user;
      if (adminStore !== null && adminStore !== undefined) {
        markStaffTerminal(adminStore);
        await ensureDeviceSecretSignedIn(adminStore);
      }
      await navigate({ to: "/staff-admin" });
    });
  }

  function askCode(event: FormEvent) {
    event.preventDefault();
    const checked = checkResetRequest(email);
    if (!checked.ok) return setMessage(problem(checked.problem));
    void run(async () => {
      await requestPasswordResetCode(checked.value);
      goTo("reset");
      setMessage({ tone: "success", text: { descriptor: SUCCESS_MESSAGES.resetCodeSent } });
    });
  }

  function resend() {
    const checked = checkResetRequest(email);
    if (!checked.ok) return setMessage(problem(checked.problem));
    void run(async () => {
      await requestPasswordResetCode(checked.value);
      setMessage({ tone: "success", text: { descriptor: SUCCESS_MESSAGES.verificationCodeSent } });
    });
  }

  function reset(event: FormEvent) {
    event.preventDefault();
    const checked = checkReset(email, code, password, repeated);
    if (!checked.ok) return setMessage(problem(checked.problem));
    void run(async () => {
      await resetPassword(checked.value);
      goTo("sign-in");
      setCode("");
      setMessage({ tone: "success", text: { descriptor: SUCCESS_MESSAGES.passwordChanged } });
    });
  }

  const emailField = (
    <div className="account-field">
      <label htmlFor={ids.email}>
        <Trans>E-mail</Trans>
      </label>
      <input
        id={ids.email}
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
    </div>
  );

  return (
    <TitledPage title={t`Admin sign-in`} className="staff-login">
      {step === "sign-in" && (
        <form className="account-form" noValidate onSubmit={signIn} aria-label={t`Sign in with e-mail`}>
          <p className="account-field__hint">
            <Trans>Admins sign in with the e-mail of the venue file. No password yet? Set one with a code.</Trans>
          </p>
          {emailField}
          <div className="account-field">
            <label htmlFor={ids.password}>
              <Trans>Password</Trans>
            </label>
            <input
              id={ids.password}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <div className="account-actions">
            <button type="submit" className="button" disabled={busy}>
              <Trans>Sign in</Trans>
            </button>
            <button type="button" className="link-button" onClick={() => goTo("ask-code")}>
              <Trans>Forgot or new password?</Trans>
            </button>
          </div>
        </form>
      )}
      {step === "ask-code" && (
        <form className="account-form" noValidate onSubmit={askCode} aria-label={t`Password reset`}>
          <p className="account-field__hint">
            <Trans>We will send a {RESET_CODE_DIGITS}-digit code to this e-mail if it belongs to an admin.</Trans>
          </p>
          {emailField}
          <div className="account-actions">
            <button type="submit" className="button" disabled={busy}>
              <Trans>Send code</Trans>
            </button>
            <button type="button" className="link-button" onClick={() => goTo("sign-in")}>
              <Trans>Back to sign-in</Trans>
            </button>
          </div>
        </form>
      )}
      {step === "reset" && (
        <form className="account-form" noValidate onSubmit={reset} aria-label={t`New password`}>
          <div className="account-field">
            <label htmlFor={ids.code}>
              <Trans>Verification code</Trans>
            </label>
            <p id={ids.codeHint} className="account-field__hint">
              <Trans>
                The {RESET_CODE_DIGITS}-digit code we sent to {email}. It arrives within about a minute.
              </Trans>
            </p>
            <input
              id={ids.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={RESET_CODE_DIGITS + 2}
              aria-describedby={ids.codeHint}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          <div className="account-field">
            <label htmlFor={ids.password}>
              <Trans>New password (at least 6 characters)</Trans>
            </label>
            <input
              id={ids.password}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <div className="account-field">
            <label htmlFor={ids.repeat}>
              <Trans>Repeat the new password</Trans>
            </label>
            <input
              id={ids.repeat}
              type="password"
              autoComplete="new-password"
              value={repeated}
              onChange={(event) => setRepeated(event.target.value)}
            />
          </div>
          <div className="account-actions">
            <button type="submit" className="button" disabled={busy}>
              <Trans>Change password</Trans>
            </button>
            <button type="button" className="link-button" disabled={busy} onClick={resend}>
              <Trans>Send a new code</Trans>
            </button>
          </div>
        </form>
      )}
      <AccountMessage message={message} />
      <p className="account-field__hint">
        <Link to="/pin">
          <Trans>Waiters: sign in with your pin</Trans>
        </Link>
      </p>
    </TitledPage>
  );
}
