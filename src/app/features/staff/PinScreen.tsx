/**
 * The staff PIN page (/pin): opens the entrance dialog in PIN mode for the store of the last table
 * opened on this device (a PIN names no store by itself). Without a known store it says how to get
 * one. A PIN typed here on the store's terminal opens the live orders, the waiter's first screen
 * (the staff shell's first tab). Opened while signed in, it says who is signed in.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { terminalSpot } from "../../session/staff-device";
import { useSession } from "../../session/use-session";
import { lastVisitedStoreId } from "../../venue/last-store";
import { onLoginDone, openEntrance } from "../entrance/entrance-store";
import { EmptyStatePage } from "../shell/EmptyStatePage";
import { showsStaffShell } from "./shell/staff-nav";
// .link-button (the "Admin sign-in" link) lives there; on a fresh phone no entrance dialog loads it.
import "../entrance/accounts.css";

export function PinScreen() {
  const { t } = useLingui();
  const session = useSession();
  const storeId = terminalSpot()?.storeId ?? lastVisitedStoreId();
  const signedIn = session !== undefined && session !== null;
  const navigate = useNavigate();

  useEffect(() => {
    if (session === null && storeId !== undefined) openEntrance({ startWithPin: true });
  }, [session, storeId]);

  // Only a sign-in made here moves on: a waiter who opens /pin while signed in came to see who is.
  // It replaces the step the open PIN dialog put on top of /pin for the back button (one step
  // back from the live orders is /pin, saying who is signed in), instead of leaving an empty step.
  useEffect(
    () =>
      onLoginDone((signedInNow) => {
        if (signedInNow !== null && showsStaffShell(signedInNow.user, terminalSpot())) {
          void navigate({ to: "/order-change-status", replace: true });
        }
      }),
    [navigate],
  );

  if (storeId === undefined) {
    // A fresh device: a pin names no store, so the device first opens its store's waiter link.
    return (
      <EmptyStatePage
        title={t`Pin code`}
        art="staff"
        heading={<Trans>This device is not a venue terminal yet</Trans>}
        body={
          <Trans>
            Open your store's waiter link on this device (the QR code marked "staff" on the venue's sheet), then sign in
            there with your pin. Or scan the sign-in code an admin shows you.
          </Trans>
        }
        actions={
          <>
            <Link to="/" className="button">
              <Trans>Find the venue links</Trans>
            </Link>
            <AdminSignInLink />
          </>
        }
      />
    );
  }

  if (signedIn) {
    const name = session.user.name ?? "";
    const isStaff = session.user.role === "WAITER" || session.user.role === "ADMIN";
    return (
      <EmptyStatePage
        title={t`Pin code`}
        art="staff"
        heading={name ? <Trans>Signed in as {name}</Trans> : <Trans>You are signed in</Trans>}
        body={<Trans>This device is signed in to the venue.</Trans>}
        actions={
          isStaff ? (
            <>
              <Link to="/order-change-status" className="button">
                <Trans>Live orders</Trans>
              </Link>
              {session.user.role === "ADMIN" && (
                <Link to="/staff-admin" className="button button--quiet">
                  <Trans>Staff sign-in links</Trans>
                </Link>
              )}
            </>
          ) : undefined
        }
      />
    );
  }

  return (
    <EmptyStatePage
      title={t`Pin code`}
      art="staff"
      heading={<Trans>Staff sign-in</Trans>}
      body={<Trans>Waiters sign in on the venue's devices with their personal pin code.</Trans>}
      actions={
        <>
          <button type="button" className="button" onClick={() => openEntrance({ startWithPin: true })}>
            <Trans>Sign in with pin</Trans>
          </button>
          <AdminSignInLink />
        </>
      }
    />
  );
}

/** Admins also sign in by e-mail and password, which works on any device, even one that knows no store for a PIN. */
function AdminSignInLink() {
  return (
    <Link to="/staff-login" className="link-button">
      <Trans>Admin sign-in</Trans>
    </Link>
  );
}
