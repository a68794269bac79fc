/**
 * The frame of every back-office screen: only for an admin's session (others are sent to the admin
 * sign-in), the admin's store, and the sections of the back office. A laptop or tablet layout; the
 * PDA screens stay the waiter's.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useSession } from "../../session/use-session";
import { EmptyStatePage } from "../shell/EmptyStatePage";
import { TitledPage } from "../shell/TitledPage";
import { VenueFileDownload } from "./VenueFileDownload";
import "./back-office.css";

export type BackOfficeSection = "items" | "staff" | "spots" | "audit" | "services";

export function BackOfficePage({
  section,
  children,
}: {
  section: BackOfficeSection;
  children: (storeId: number) => ReactNode;
}) {
  const { t } = useLingui();
  const session = useSession();
  const storeId = session?.user.role === "ADMIN" ? (session.user.storeId ?? undefined) : undefined;
  const titles: Record<BackOfficeSection, string> = {
    items: t`Back office: items`,
    staff: t`Back office: staff`,
    spots: t`Back office: spots`,
    audit: t`Back office: changes`,
    services: t`Back office: services`,
  };
  const title = titles[section];
  const sections = [
    { name: "items", to: "/back-office", label: <Trans>Items</Trans> },
    { name: "staff", to: "/back-office/staff", label: <Trans>Staff</Trans> },
    { name: "spots", to: "/back-office/spots", label: <Trans>Spots</Trans> },
    { name: "audit", to: "/back-office/audit", label: <Trans>Changes</Trans> },
    { name: "services", to: "/back-office/services", label: <Trans>Services</Trans> },
  ] as const;

  if (session === undefined) {
    return (
      <TitledPage title={title} busy={true}>
        {null}
      </TitledPage>
    );
  }
  if (storeId === undefined) {
    return (
      <EmptyStatePage
        title={title}
        art="staff"
        heading={<Trans>For the store's admins</Trans>}
        body={<Trans>Sign in as an admin to change the store's menu and staff.</Trans>}
        actions={
          <Link to="/staff-login" className="button">
            <Trans>Admin sign-in</Trans>
          </Link>
        }
      />
    );
  }
  return (
    <TitledPage title={title} className="back-office">
      <nav className="back-office__sections" aria-label={t`Back office`}>
        {sections.map(({ name, to, label }) => (
          <Link
            key={name}
            to={to}
            className="back-office__section"
            aria-current={section === name ? "page" : undefined}
          >
            {label}
          </Link>
        ))}
        <Link to="/staff-admin" className="back-office__section">
          <Trans>Store admin</Trans>
        </Link>
      </nav>
      <VenueFileDownload storeId={storeId} />
      {children(storeId)}
    </TitledPage>
  );
}
