import { createFileRoute, redirect } from "@tanstack/react-router";
import { launchTargetOf } from "../../domain/pwa-prompts";
import { LandingScreen } from "../features/landing/LandingScreen";
import { ensureCatalog } from "../i18n/catalogs";
import { lastVisitedTableId } from "../venue/last-store";

export const Route = createFileRoute("/")({
  staticData: { screen: "landing" },
  // A launch from the home screen (manifest start_url) opens the last table's menu.
  beforeLoad: ({ location }) => {
    const target = launchTargetOf(location.searchStr, lastVisitedTableId());
    if (target !== null) throw redirect({ href: target, replace: true });
    // The landing page's texts are not in the menu's first load: they come with "screens".
    return ensureCatalog("screens");
  },
  component: LandingScreen,
});
