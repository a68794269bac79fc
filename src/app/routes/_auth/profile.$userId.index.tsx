import { createFileRoute } from "@tanstack/react-router";
import { ProfileScreen } from "../../features/profile/ProfileScreen";
import { idParams } from "../../navigation/route-params";

export const Route = createFileRoute("/_auth/profile/$userId/")({
  params: idParams("userId"),
  staticData: { screen: "profile" },
  component: ProfilePage,
});

function ProfilePage() {
  const { session } = Route.useRouteContext();
  return <ProfileScreen guardSession={session} />;
}
