import { Trans, useLingui } from "@lingui/react/macro";
import { EmptyStatePage } from "../shell/EmptyStatePage";

/** The guest's orders (/history/:userId and its /entrance variant); orders arrive with the orders issue. */
export function HistoryScreen() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`My orders`}
      art="receipt"
      heading={<Trans>No orders yet</Trans>}
      body={<Trans>The orders you place will be listed here, with their status and receipt.</Trans>}
    />
  );
}
