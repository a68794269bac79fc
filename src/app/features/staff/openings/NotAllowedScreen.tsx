import { Trans, useLingui } from "@lingui/react/macro";
import { EmptyStatePage } from "../../shell/EmptyStatePage";

/**
 * What a guest, or staff of another store, sees on a staff screen of this store; `adminsOnly`: what
 * a waiter of the store sees on an admin's screen (the day summary).
 */
export function NotAllowedScreen({ adminsOnly = false }: { adminsOnly?: boolean }) {
  const { t } = useLingui();
  if (adminsOnly) {
    return (
      <EmptyStatePage
        title={t`Admins only`}
        art="staff"
        heading={<Trans>This screen is for the store's admins</Trans>}
        body={<Trans>Ask an admin of the store to sign in with their pin to see it.</Trans>}
      />
    );
  }
  return (
    <EmptyStatePage
      title={t`Staff only`}
      art="staff"
      heading={<Trans>This screen is for the staff of this store</Trans>}
      body={<Trans>Sign in with your pin on one of the store's devices to see its tables.</Trans>}
    />
  );
}
