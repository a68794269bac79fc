import { createFileRoute } from "@tanstack/react-router";
import { DaySummaryPage } from "../features/staff/openings/DaySummaryPage";
import { idParams } from "../navigation/route-params";

interface DaySummarySearch {
  day?: string;
}

/** Staff (admins): the store's day, printable (?day=YYYY-MM-DD, default today in Athens). */
export const Route = createFileRoute("/day-summary/for-store/$storeId/$tableId")({
  params: idParams("storeId", "tableId"),
  validateSearch: (search: Record<string, unknown>): DaySummarySearch =>
    typeof search.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(search.day) ? { day: search.day } : {},
  staticData: { screen: "day-summary" },
  component: function DaySummary() {
    const { storeId } = Route.useParams();
    const { day } = Route.useSearch();
    return <DaySummaryPage storeId={storeId} day={day ?? null} />;
  },
});
