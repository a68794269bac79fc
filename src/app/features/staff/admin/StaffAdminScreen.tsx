/**
 * The admin's screen (/staff-admin), PDA-sized: the store's admin accounts and PIN-guessing alerts
 * (GET staff/admin-accounts of the admin service), its staff with their usable sign-in links, a
 * button per waiter to issue a link (QR code + link, ./LoginLinkPanel.tsx) and one to revoke the
 * outstanding ones, and one to sign a staff member out on every device (a waiter's own Lock ends
 * only that PDA's session). Only for an admin's session; others are sent to /staff-login.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import type { AdminAccountsResponse, StaffMemberDto, StoreStaffResponse } from "../../../../domain/staff-sign-in-api";
import { type ErrorText, errorTextOf } from "../../../api/error-catalogue";
import {
  fetchAdminAccounts,
  fetchStoreStaff,
  issueLoginToken,
  revokeLoginTokens,
  signOutEverywhere,
} from "../../../api/staff-sign-in";
import { useSession } from "../../../session/use-session";
import { AccountMessage } from "../../entrance/AccountMessage";
import { EmptyStatePage } from "../../shell/EmptyStatePage";
import { TitledPage } from "../../shell/TitledPage";
import { type IssuedLink, LoginLinkPanel } from "./LoginLinkPanel";
import "./staff-admin.css";

type Loaded = { accounts: AdminAccountsResponse; staff: StoreStaffResponse };

export function StaffAdminScreen() {
  const { t } = useLingui();
  const session = useSession();
  const storeId = session?.user.role === "ADMIN" ? (session.user.storeId ?? undefined) : undefined;

  if (session === undefined)
    return (
      <TitledPage title={t`Store admin`} busy={true}>
        {null}
      </TitledPage>
    );
  if (storeId === undefined) {
    return (
      <EmptyStatePage
        title={t`Store admin`}
        art="staff"
        heading={<Trans>For the store's admins</Trans>}
        body={<Trans>Sign in as an admin to manage the staff's sign-in links.</Trans>}
        actions={
          <Link to="/staff-login" className="button">
            <Trans>Admin sign-in</Trans>
          </Link>
        }
      />
    );
  }
  return <AdminPanel storeId={storeId} />;
}

function AdminPanel({ storeId }: { storeId: number }) {
  const { t, i18n } = useLingui();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<ErrorText | null>(null);
  const [actionError, setActionError] = useState<ErrorText | null>(null);
  const [busyStaff, setBusyStaff] = useState<number | null>(null);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const [notice, setNotice] = useState<ErrorText | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const [accounts, staff] = await Promise.all([fetchAdminAccounts([storeId]), fetchStoreStaff(storeId)]);
      setLoaded({ accounts, staff });
    } catch (error) {
      setLoadError(errorTextOf(error));
    }
  }, [storeId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(member: StaffMemberDto, work: () => Promise<void>) {
    setBusyStaff(member.staffId);
    setActionError(null);
    setNotice(null);
    try {
      await work();
      await load();
    } catch (error) {
      setActionError(errorTextOf(error));
    } finally {
      setBusyStaff(null);
    }
  }

  const issue = (member: StaffMemberDto) =>
    act(member, async () => {
      const token = await issueLoginToken({ storeId, staffId: member.staffId });
      setIssued({ staffName: member.name, ...token });
    });
  const revoke = (member: StaffMemberDto) =>
    act(member, async () => {
      await revokeLoginTokens(storeId, member.staffId);
      setIssued((shown) => (shown?.staffName === member.name ? null : shown));
    });

  const signOut = (member: StaffMemberDto) => {
    const key = crypto.randomUUID();
    const name = member.name;
    return act(member, async () => {
      const { signedOut } = await signOutEverywhere(storeId, member.staffId, key);
      setNotice({
        verbatim:
          signedOut === 0
            ? t`${name} was not signed in anywhere.`
            : t`${name} is signed out on every device (${signedOut}).`,
      });
    });
  };

  if (loaded === null) {
    return (
      <TitledPage title={t`Store admin`} className="staff-admin" busy={loadError === null}>
        {loadError === null ? (
          <p>
            <Trans>Loading…</Trans>
          </p>
        ) : (
          <>
            <AccountMessage message={{ tone: "error", text: loadError }} />
            <button type="button" className="button" onClick={() => void load()}>
              <Trans>Try again</Trans>
            </button>
          </>
        )}
      </TitledPage>
    );
  }

  const { accounts, staff } = loaded;
  return (
    <TitledPage title={t`Store admin`} className="staff-admin">
      <p>
        <Link to="/back-office" className="button">
          <Trans>Back office: menu, prices, stock and staff</Trans>
        </Link>
      </p>
      {issued && <LoginLinkPanel link={issued} onClose={() => setIssued(null)} />}
      <AccountMessage message={actionError && { tone: "error", text: actionError }} />
      <AccountMessage message={notice && { tone: "success", text: notice }} />

      <section aria-labelledby="staff-admin-staff">
        <h2 id="staff-admin-staff">
          <Trans>Staff and sign-in links</Trans>
        </h2>
        <ul className="staff-admin__list">
          {staff.staff.map((member) => {
            const outstanding = member.outstandingTokens;
            const name = member.name;
            return (
              <li key={member.staffId} className="card staff-admin__member">
                <div>
                  <strong>{name}</strong>{" "}
                  <span className="staff-admin__role">
                    {member.role === "ADMIN" ? <Trans>Admin</Trans> : <Trans>Waiter</Trans>}
                  </span>
                  <div className="staff-admin__hint">
                    <Plural value={outstanding} _0="No open link" one="# open link" other="# open links" />
                  </div>
                </div>
                <div className="staff-admin__actions">
                  <button
                    type="button"
                    className="button"
                    disabled={busyStaff !== null}
                    aria-label={t`Sign-in link for ${name}`}
                    onClick={() => void issue(member)}
                  >
                    <Trans>Sign-in link</Trans>
                  </button>
                  {outstanding > 0 && (
                    <button
                      type="button"
                      className="link-button"
                      disabled={busyStaff !== null}
                      aria-label={t`Revoke the open links of ${name}`}
                      onClick={() => void revoke(member)}
                    >
                      <Trans>Revoke</Trans>
                    </button>
                  )}
                  <button
                    type="button"
                    className="link-button"
                    disabled={busyStaff !== null}
                    aria-label={t`Sign ${name} out on every device`}
                    onClick={() => void signOut(member)}
                  >
                    <Trans>Sign out everywhere</Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="staff-admin-admins">
        <h2 id="staff-admin-admins">
          <Trans>Admin accounts</Trans>
        </h2>
        <ul className="staff-admin__list">
          {accounts.adminAccounts.map((account) => (
            <li key={account.staffId} className="staff-admin__account">
              <strong>{account.name}</strong> <span>{account.email ?? "—"}</span>{" "}
              <span className="staff-admin__hint">
                {account.hasPassword ? <Trans>password set</Trans> : <Trans>no password yet</Trans>}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="staff-admin-alerts">
        <h2 id="staff-admin-alerts">
          <Trans>Sign-in alerts</Trans>
        </h2>
        {accounts.alerts.length === 0 ? (
          <p className="staff-admin__hint">
            <Trans>No alerts: nobody has been guessing pins.</Trans>
          </p>
        ) : (
          <ul className="staff-admin__list">
            {accounts.alerts.map((alert) => {
              const when = i18n.date(new Date(alert.createdAt), { dateStyle: "short", timeStyle: "short" });
              const failures = alert.failures;
              return (
                <li key={alert.createdAt} className="staff-admin__alert">
                  <Trans>
                    {when}: {failures} wrong pins in 24 hours. New devices now wait between attempts.
                  </Trans>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </TitledPage>
  );
}
