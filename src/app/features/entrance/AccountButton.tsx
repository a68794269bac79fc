/**
 * The header's enter/login prompt (spec §2): "Sign in" while signed out on screens without a
 * prompt of their own; once a guest is signed in, a link to their profile instead.
 */
import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useSession } from "../../session/use-session";
import { useCurrentScreen } from "../shell/use-shell-route";
import { openEntrance } from "./entrance-store";
import { showsLoginPrompt } from "./entrance-visibility";
import "./account-button.css";

export function AccountButton() {
  const session = useSession();
  const screen = useCurrentScreen();
  if (session === undefined) return null;
  if (session) {
    if (session.user.role !== "GUEST" || screen === "profile") return null;
    return (
      <Link to="/profile/$userId" params={{ userId: session.user.id }} className="account-button">
        <Trans>My profile</Trans>
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
