import { createFileRoute } from "@tanstack/react-router";
import { BackOfficeServicesScreen } from "../features/back-office/BackOfficeScreens";

/** Admins: the back office's services (names, hours, order limits, discounts, pause). */
export const Route = createFileRoute("/back-office/services")({
  staticData: { screen: "back-office" },
  component: BackOfficeServicesScreen,
});
