/**
 * The header's enter/login prompt (spec §2): "Sign in" while signed out on screens without a
 * prompt of their own; once a guest is signed in, a link to their profile instead. On a narrow
 * phone the profile link is its icon only (its text stays for screen readers), so the store's
 * name beside it is not cut short.
 */
import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useFirstScreenShown } from "../../navigation/first-screen";
import { useSession } from "../../session/use-session";
import { useCurrentScreen } from "../shell/use-shell-route";
import { openEntrance } from "./entrance-store";
import { showsLoginPrompt } from "./entrance-visibility";
import "./account-button.css";

export function AccountButton() {
  // Dexie waits for the first screen (navigation/first-screen.ts). Until the session is read, the
  // button is the signed-out one, as the server renders it: most guests who scan a QR are not
  // signed in, and their header then never changes under them.
  const session = useSession(useFirstScreenShown());
  const screen = useCurrentScreen();
  if (session) {
    if (session.user.role !== "GUEST" || screen === "profile") return null;
    return (
      <Link to="/profile/$userId" params={{ userId: session.user.id }} className="account-button">
        <PersonIcon />
        <span className="account-button__text">
          <Trans>My profile</Trans>
        </span>
      </Link>
    );
  }
  if (!showsLoginPrompt(screen, false)) return null;
  return (
    <button type="button" className="account-button" onClick={() => openEntrance()}>
      <Trans>Sign in</Trans>
    </button>
  );
}

function PersonIcon() {
  return (
    <svg className="account-button__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 20c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5z" fill="currentColor" />
    </svg>
  );
}
