import { createFileRoute } from "@tanstack/react-router";
import { DeleteAccountScreen } from "../../features/profile/DeleteAccountScreen";
import { idParams } from "../../navigation/route-params";

export const Route = createFileRoute("/_auth/profile/$userId/delete")({
  params: idParams("userId"),
  staticData: { screen: "profile-with-delete" },
  component: DeleteProfilePage,
});

function DeleteProfilePage() {
  const { userId } = Route.useParams();
  return <DeleteAccountScreen userId={userId} />;
}
