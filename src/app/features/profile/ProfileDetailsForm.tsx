/**
 * Name, e-mail and the newsletter choice of the signed-in guest (spec §6). Name and e-mail are saved
 * with Save changes; the newsletter box acts at once (spec §7): unticked, newsletter/opt-out; ticked,
 * the profile update. A failure (spec §8 M7) puts the box back and shows the error's text.
 */
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { errorTextOf, SUCCESS_MESSAGES } from "../../api/error-catalogue";
import { saveProfile, stopNewsletter } from "../../session/account-actions";
import type { SessionUser } from "../../session/session";
import { AccountMessage, type AccountMessageValue } from "../entrance/AccountMessage";
import { checkProfile, PROFILE_LIMITS } from "./profile-rules";

const INVALID_EMAIL = msg`Invalid email address`;

export function ProfileDetailsForm({ user }: { user: SessionUser }) {
  const nameId = useId();
  const emailId = useId();
  const newsletterId = useId();
  const [name, setName] = useState(user.name ?? "");
  const [email, setEmail] = useState(user.email ?? "");
  const [newsletter, setNewsletter] = useState(user.optedInForNewsletter);
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);
  const [newsletterBusy, setNewsletterBusy] = useState(false);

  async function changeNewsletter(wanted: boolean) {
    setNewsletter(wanted);
    setNewsletterBusy(true);
    setMessage(null);
    try {
      if (wanted) await saveProfile({ optedInForNewsletter: true });
      else await stopNewsletter();
      setMessage({ tone: "success", text: { descriptor: SUCCESS_MESSAGES.changed } });
    } catch (error) {
      setNewsletter(!wanted);
      setMessage({ tone: "error", text: errorTextOf(error) });
    } finally {
      setNewsletterBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkProfile({ name, email, optedInForNewsletter: newsletter });
    setEmailInvalid(!check.ok);
    if (!check.ok) {
      setMessage({ tone: "error", text: { descriptor: INVALID_EMAIL } });
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      await saveProfile(check.update);
      setMessage({ tone: "success", text: { descriptor: SUCCESS_MESSAGES.changed } });
    } catch (error) {
      setMessage({ tone: "error", text: errorTextOf(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="account-field">
        <label htmlFor={nameId}>
          <Trans>Name</Trans>
        </label>
        <input
          id={nameId}
          autoComplete="name"
          maxLength={PROFILE_LIMITS.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="account-field">
        <label htmlFor={emailId}>
          <Trans>E-mail</Trans>
        </label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          maxLength={PROFILE_LIMITS.email}
          aria-invalid={emailInvalid}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="account-field account-field--inline">
        <input
          id={newsletterId}
          type="checkbox"
          checked={newsletter}
          disabled={newsletterBusy}
          onChange={(event) => void changeNewsletter(event.target.checked)}
        />
        <label htmlFor={newsletterId}>
          <Trans>Send me the newsletter</Trans>
        </label>
      </div>
      <AccountMessage message={message} />
      <div className="account-actions">
        <button type="submit" className="button" disabled={saving}>
          <Trans>Save changes</Trans>
        </button>
      </div>
    </form>
  );
}
