import { createFileRoute } from "@tanstack/react-router";
import { HistoryScreen } from "../../features/history/HistoryScreen";
import { idParams } from "../../navigation/route-params";

export const Route = createFileRoute("/_auth/history/$userId/")({
  params: idParams("userId"),
  staticData: { screen: "history" },
  component: HistoryScreen,
});
