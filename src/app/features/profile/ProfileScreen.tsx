/**
 * /profile/$userId (spec §6): the signed-in guest's details, membership of the last visited store,
 * saved cards, sign-out and the way to delete the account. The route guard guarantees a session for
 * this user; the live session replaces the guard's copy as it changes (save, token rotation).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import type { TableResponse } from "../../../domain/api";
import { pickTranslation } from "../../../domain/languages";
import { fetchTable } from "../../api/requests";
import { useLanguage } from "../../i18n/language-store";
import { signOut } from "../../session/account-actions";
import type { Session } from "../../session/session";
import { useSession } from "../../session/use-session";
import { lastVisitedStoreId, lastVisitedTableId } from "../../venue/last-store";
import { usePageTitle } from "../shell/use-page-title";
import { MembershipStatus } from "./MembershipStatus";
import { ProfileDetailsForm } from "./ProfileDetailsForm";
import { SavedCards } from "./SavedCards";
import "../entrance/accounts.css";

// The phone field brings the phone metadata: loaded only when the guest asks to change the phone.
const ChangePhone = lazy(() => import("./ChangePhone").then((module) => ({ default: module.ChangePhone })));

import "./profile.css";

export function ProfileScreen({ guardSession }: { guardSession: Session }) {
  const { t } = useLingui();
  usePageTitle(t`My profile`);
  const navigate = useNavigate();
  const live = useSession();
  const session = live ?? guardSession;

  // Signed out elsewhere (a refused token cleared the session): the page is no longer theirs.
  useEffect(() => {
    if (live === null) void navigate({ to: "/", replace: true });
  }, [live, navigate]);
  const storeId = lastVisitedStoreId();
  const lastTable = useLastTable();
  const [signingOut, setSigningOut] = useState(false);
  const [changingPhone, setChangingPhone] = useState(false);
  // With its country code, as people read it ("+30 691 838 7470"); an older stored session has only the digits.
  const phoneNumber = session.user.phone?.international ?? session.user.phone?.phoneNumber;

  async function leave() {
    setSigningOut(true);
    await signOut();
    await navigate({ to: "/", replace: true });
  }

  return (
    <section className="page profile" aria-labelledby="page-title">
      {lastTable !== null && (
        <Link to="/menu/$tableId" params={{ tableId: lastTable.tableId }} className="profile__back">
          <Trans>← Back to {lastTable.storeName}</Trans>
        </Link>
      )}
      <h1 id="page-title" className="page__title">
        <Trans>My profile</Trans>
      </h1>
      {phoneNumber && (
        <p className="page__lead">
          <Trans>Signed in with the phone number {phoneNumber}</Trans>
        </p>
      )}
      <section className="profile-section" aria-labelledby="details-title">
        <h2 id="details-title" className="profile-section__title">
          <Trans>Your details</Trans>
        </h2>
        <ProfileDetailsForm user={session.user} />
      </section>
      <section className="profile-section" aria-labelledby="phone-title">
        <h2 id="phone-title" className="profile-section__title">
          <Trans>Phone</Trans>
        </h2>
        {changingPhone ? (
          <Suspense fallback={null}>
            <ChangePhone />
          </Suspense>
        ) : (
          <div className="account-actions">
            <button type="button" className="button button--quiet" onClick={() => setChangingPhone(true)}>
              <Trans>Change phone</Trans>
            </button>
          </div>
        )}
      </section>
      <p className="profile-section">
        <Link to="/history/$userId" params={{ userId: session.user.id }} className="button button--quiet">
          <Trans>My orders</Trans>
        </Link>
      </p>
      {storeId !== undefined && <MembershipStatus storeId={storeId} isHotel={lastTable?.isHotel ?? false} />}
      <SavedCards />
      <section className="profile-section" aria-labelledby="account-title">
        <h2 id="account-title" className="profile-section__title">
          <Trans>Account</Trans>
        </h2>
        <div className="account-actions">
          <button type="button" className="button button--quiet" disabled={signingOut} onClick={() => void leave()}>
            <Trans>Sign out</Trans>
          </button>
          <Link
            to="/profile/$userId/delete"
            params={{ userId: session.user.id }}
            className="button button--quiet profile__danger"
          >
            <Trans>Delete account</Trans>
          </Link>
        </div>
      </section>
    </section>
  );
}

/** The last table the guest opened, with its store's name and kind: where "back" goes. */
function useLastTable(): { tableId: number; storeName: string; isHotel: boolean } | null {
  const { ui } = useLanguage();
  const [table, setTable] = useState<TableResponse | null>(null);
  useEffect(() => {
    const tableId = lastVisitedTableId();
    if (tableId === undefined) return;
    let active = true;
    // The service worker has it cached from the visit; no answer just leaves the link out.
    fetchTable(tableId)
      .then((answer) => active && setTable(answer))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (table === null) return null;
  return {
    tableId: table.spot.id,
    storeName: pickTranslation(table.store.names, ui).name,
    isHotel: table.store.storeIsHotel,
  };
}
