import { createFileRoute } from "@tanstack/react-router";
import { type PaperSize, ReceiptPage } from "../features/staff/openings/ReceiptPage";
import { idParams } from "../navigation/route-params";

interface ReceiptSearch {
  paper?: PaperSize;
}

/** Staff: a receipt to print, on a 58 mm or 80 mm roll or A4 (?paper=58|80|a4, default 80). */
export const Route = createFileRoute("/receipts/$receiptId")({
  params: idParams("receiptId"),
  // The router reads ?paper=58 as the number 58 (search values are JSON where they parse as such).
  validateSearch: (search: Record<string, unknown>): ReceiptSearch => {
    const paper = String(search.paper);
    return paper === "58" || paper === "80" || paper === "a4" ? { paper } : {};
  },
  staticData: { screen: "receipt" },
  component: function Receipt() {
    const { receiptId } = Route.useParams();
    const { paper } = Route.useSearch();
    return <ReceiptPage receiptId={receiptId} paper={paper ?? "80"} />;
  },
});
