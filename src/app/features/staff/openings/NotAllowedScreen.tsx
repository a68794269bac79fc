import { Trans, useLingui } from "@lingui/react/macro";
import { EmptyStatePage } from "../../shell/EmptyStatePage";

/** What a guest, or staff of another store, sees on a staff screen of this store. */
export function NotAllowedScreen() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`Staff only`}
      art="staff"
      heading={<Trans>This screen is for the staff of this store</Trans>}
      body={<Trans>Sign in with your pin on one of the store's devices to see its tables.</Trans>}
    />
  );
}
