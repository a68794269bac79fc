import { createFileRoute } from "@tanstack/react-router";
import { LinkSignInScreen } from "../features/staff/sign-in/LinkSignInScreen";

/** Staff: a waiter's PDA opens an admin's sign-in link (token in the fragment) and is signed in once. */
export const Route = createFileRoute("/staff-sign-in")({
  staticData: { screen: "staff-sign-in" },
  component: LinkSignInScreen,
});
