/**
 * /profile/$userId/delete (spec §6 "delete account"): says what deletion removes and asks for an
 * explicit confirmation before calling the server; the session then ends and the guest lands on
 * the landing page. A refusal keeps them here with the reason.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { errorTextOf } from "../../api/error-catalogue";
import { deleteMyAccount } from "../../session/account-actions";
import { AccountMessage, type AccountMessageValue } from "../entrance/AccountMessage";
import { usePageTitle } from "../shell/use-page-title";
import "../entrance/accounts.css";
import "./profile.css";

const DELETE_FAILED = msg`Something went wrong while deleting the account, try again`;

export function DeleteAccountScreen({ userId }: { userId: number }) {
  const { t } = useLingui();
  usePageTitle(t`My profile`);
  const navigate = useNavigate();
  const confirmId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [message, setMessage] = useState<AccountMessageValue | null>(null);

  async function remove() {
    setDeleting(true);
    setMessage(null);
    try {
      await deleteMyAccount();
      await navigate({ to: "/", replace: true });
    } catch (error) {
      // Spec §8 has its own text for a failed deletion; a server's CUSTOM_MESSAGE still wins.
      const text = errorTextOf(error);
      setMessage({ tone: "error", text: "verbatim" in text ? text : { descriptor: DELETE_FAILED } });
      setDeleting(false);
    }
  }

  return (
    <section className="page profile" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Delete account</Trans>
      </h1>
      <p className="page__lead">
        <Trans>
          Deleting your account removes your profile, your phone number, your saved cards and signs you out on every
          device. Past orders stay with the venue without your details.
        </Trans>
      </p>
      <div className="account-form profile-section">
        <div className="account-field account-field--inline">
          <input
            id={confirmId}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
          />
          <label htmlFor={confirmId}>
            <Trans>I understand that this cannot be undone</Trans>
          </label>
        </div>
        <AccountMessage message={message} />
        <div className="account-actions">
          <button
            type="button"
            className="button profile__delete"
            disabled={!confirmed || deleting}
            onClick={() => void remove()}
          >
            <Trans>Delete my account</Trans>
          </button>
          <Link to="/profile/$userId" params={{ userId }} className="button button--quiet">
            <Trans>Keep my account</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}
