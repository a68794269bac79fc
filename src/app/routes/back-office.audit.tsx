import { createFileRoute } from "@tanstack/react-router";
import { BackOfficeAuditScreen } from "../features/back-office/BackOfficeScreens";

/** Admins: who changed what and when in the store (the audit list). */
export const Route = createFileRoute("/back-office/audit")({
  staticData: { screen: "back-office" },
  component: BackOfficeAuditScreen,
});
