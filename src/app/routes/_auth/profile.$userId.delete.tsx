import { Trans, useLingui } from "@lingui/react/macro";
import { createFileRoute, Link } from "@tanstack/react-router";
import { EmptyStatePage } from "../../features/shell/EmptyStatePage";
import { idParams } from "../../navigation/route-params";

export const Route = createFileRoute("/_auth/profile/$userId/delete")({
  params: idParams("userId"),
  staticData: { screen: "profile-with-delete" },
  component: DeleteProfilePage,
});

function DeleteProfilePage() {
  const { t } = useLingui();
  return (
    <EmptyStatePage
      title={t`My profile`}
      art="person"
      heading={<Trans>Delete account</Trans>}
      body={
        <Trans>
          Deleting your account removes your profile, your saved cards and your order history. Until this option is
          available here, write to us and we will delete it for you.
        </Trans>
      }
      actions={
        <Link to="/info/$type" params={{ type: "contact-us" }} className="button button--quiet">
          <Trans>Contact us</Trans>
        </Link>
      }
    />
  );
}
