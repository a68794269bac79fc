import { createFileRoute } from "@tanstack/react-router";
import { LandingScreen } from "../features/landing/LandingScreen";

export const Route = createFileRoute("/")({
  staticData: { screen: "landing" },
  component: LandingScreen,
});
