import { createFileRoute } from "@tanstack/react-router";
import { BackOfficeSpotsScreen } from "../features/back-office/BackOfficeScreens";

/** Admins: the back office's spots (add, edit, QR sheets). */
export const Route = createFileRoute("/back-office/spots")({
  staticData: { screen: "back-office" },
  component: BackOfficeSpotsScreen,
});
