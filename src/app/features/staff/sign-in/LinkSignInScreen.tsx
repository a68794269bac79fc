/**
 * The target of an admin's login link (/staff-sign-in?userId=&storeId=#token=...): signs this
 * device in once as the waiter the token was issued for, and makes it the store's terminal (PIN
 * option, /pin knows the store). The token is taken off the address bar at once, so it stays
 * neither in the history nor on screen; the call runs once even if React mounts twice (the token
 * works only once).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { type ErrorText, errorTextOf } from "../../../api/error-catalogue";
import { loginWithLoginToken } from "../../../api/staff-sign-in";
import { sessionFromResponse, storeSession } from "../../../session/session";
import {
  deviceSecretFor,
  ensureDeviceSecretSignedIn,
  markStaffTerminal,
} from "../../../session/staff-device-enrolment";
import { AccountMessage } from "../../entrance/AccountMessage";
import { EmptyStatePage } from "../../shell/EmptyStatePage";
import { parseLoginLink } from "./login-link";

type State = { step: "signing-in" } | { step: "signed-in"; name: string } | { step: "failed"; error: ErrorText | null };

export function LinkSignInScreen() {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ step: "signing-in" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const link = parseLoginLink(globalThis.location.search, globalThis.location.hash);
    globalThis.history.replaceState(globalThis.history.state, "", globalThis.location.pathname);
    if (link === undefined) {
      setState({ step: "failed", error: null });
      return;
    }
    void (async () => {
      try {
        // A device without a secret enrols after the sign-in, with its session: anonymous
        // enrolments (which anyone can use up) are not needed for a link.
        const device = deviceSecretFor(link.storeId);
        const response = await loginWithLoginToken(link.userId, link.storeId, link.loginToken, device);
        await storeSession(sessionFromResponse(response));
        markStaffTerminal(link.storeId);
        await ensureDeviceSecretSignedIn(link.storeId);
        setState({ step: "signed-in", name: response.authToken.user.name ?? "" });
      } catch (error) {
        setState({ step: "failed", error: errorTextOf(error) });
      }
    })();
  }, []);

  if (state.step === "signing-in") {
    return (
      <EmptyStatePage
        title={t`Staff sign-in`}
        art="staff"
        heading={<Trans>Signing this device in…</Trans>}
        body={<Trans>One moment.</Trans>}
      />
    );
  }
  if (state.step === "signed-in") {
    const { name } = state;
    return (
      <EmptyStatePage
        title={t`Staff sign-in`}
        art="staff"
        heading={name ? <Trans>Signed in as {name}</Trans> : <Trans>You are signed in</Trans>}
        body={<Trans>This device is now a terminal of the venue. Next time, sign in here with your pin.</Trans>}
        actions={
          <Link to="/order-change-status" className="button">
            <Trans>Open the orders</Trans>
          </Link>
        }
      />
    );
  }
  return (
    <EmptyStatePage
      title={t`Staff sign-in`}
      art="staff"
      heading={<Trans>This sign-in link does not work</Trans>}
      body={<Trans>A link works once and for 24 hours. Ask an admin for a new one, or sign in with your pin.</Trans>}
      actions={
        <>
          {state.error && <AccountMessage message={{ tone: "error", text: state.error }} />}
          <Link to="/pin" className="button">
            <Trans>Sign in with pin</Trans>
          </Link>
        </>
      }
    />
  );
}
