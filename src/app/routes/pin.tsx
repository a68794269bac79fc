import { createFileRoute } from "@tanstack/react-router";
import { PinScreen } from "../features/staff/PinScreen";

/** Staff: sign in on a venue device with a personal pin. */
export const Route = createFileRoute("/pin")({
  staticData: { screen: "pin" },
  component: PinScreen,
});
