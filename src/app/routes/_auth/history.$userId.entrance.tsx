import { createFileRoute } from "@tanstack/react-router";
import { HistoryScreen } from "../../features/history/HistoryScreen";
import { idParams } from "../../navigation/route-params";

/** History with the entrance (sign-in) step open. */
export const Route = createFileRoute("/_auth/history/$userId/entrance")({
  params: idParams("userId"),
  staticData: { screen: "history-with-entrance" },
  component: HistoryScreen,
});
