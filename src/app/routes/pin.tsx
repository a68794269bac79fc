import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../features/shell/EmptyStatePage";

/** Staff: sign in on a venue device with a personal pin. */
export const Route = createFileRoute("/pin")({
  staticData: { screen: "pin" },
  component: PinPage,
});

function PinPage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`Pin code`}
      art="staff"
      heading={<Trans>Staff sign-in</Trans>}
      body={<Trans>Waiters sign in on the venue's devices with their personal pin code.</Trans>}
    />
  );
}
