import { createFileRoute } from "@tanstack/react-router";
import { type PaperSize, ReceiptPage } from "../features/staff/openings/ReceiptPage";
import { idParams } from "../navigation/route-params";

interface ReceiptSearch {
  paper?: PaperSize;
}

/** Staff: a receipt to print, on a 58 mm or 80 mm roll or A4 (?paper=58|80|a4, default 80). */
export const Route = createFileRoute("/receipts/$receiptId")({
  params: idParams("receiptId"),
  validateSearch: (search: Record<string, unknown>): ReceiptSearch =>
    search.paper === "58" || search.paper === "a4" || search.paper === "80" ? { paper: search.paper } : {},
  staticData: { screen: "receipt" },
  component: function Receipt() {
    const { receiptId } = Route.useParams();
    const { paper } = Route.useSearch();
    return <ReceiptPage receiptId={receiptId} paper={paper ?? "80"} />;
  },
});
