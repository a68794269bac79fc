import { createFileRoute } from "@tanstack/react-router";
import { StaffAdminScreen } from "../features/staff/admin/StaffAdminScreen";

/** Staff: the admin's screen (admin accounts, alerts, the staff's sign-in links). */
export const Route = createFileRoute("/staff-admin")({
  staticData: { screen: "staff-admin" },
  component: StaffAdminScreen,
});
