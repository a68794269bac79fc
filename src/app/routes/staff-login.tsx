import { createFileRoute } from "@tanstack/react-router";
import { StaffLoginScreen } from "../features/staff/sign-in/StaffLoginScreen";

/** Staff: admins sign in with e-mail and password, and set or reset the password by e-mail code. */
export const Route = createFileRoute("/staff-login")({
  staticData: { screen: "staff-login" },
  component: StaffLoginScreen,
});
