import { createFileRoute } from "@tanstack/react-router";
import { BackOfficeStaffScreen } from "../features/back-office/BackOfficeScreens";

/** Admins: the back office's staff (add, rename, role, deactivate, PIN). */
export const Route = createFileRoute("/back-office/staff")({
  staticData: { screen: "back-office" },
  component: BackOfficeStaffScreen,
});
