import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute } from "@tanstack/react-router";
import { EmptyStatePage } from "../../features/shell/EmptyStatePage";
import { idParams } from "../../navigation/route-params";

export const Route = createFileRoute("/_auth/profile/$userId/")({
  params: idParams("userId"),
  staticData: { screen: "profile" },
  component: ProfilePage,
});

function ProfilePage() {
  const { t } = useLingui();
  const { session } = Route.useRouteContext();
  const name = session.user.name;
  return (
    <EmptyStatePage
      title={t`My profile`}
      art="person"
      heading={name ? <Trans>Hello, {name}</Trans> : <Trans>Your profile</Trans>}
      body={<Trans>Your details, your phone number and your saved cards will be shown here.</Trans>}
    />
  );
}
