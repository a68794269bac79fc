import { createFileRoute } from "@tanstack/react-router";
import { BackOfficeItemsScreen } from "../features/back-office/BackOfficeScreens";

/** Admins: the back office's items (names, prices, stock, photo) on a laptop or tablet. */
export const Route = createFileRoute("/back-office/")({
  staticData: { screen: "back-office" },
  component: BackOfficeItemsScreen,
});
