/**
 * One order sent from this cart, as a card above the next round: its progress and outcome
 * (OrderProgress) with exactly what was sent, the lines the order took out of the cart and the
 * total the guest saw, never the cart as it is now.
 */

import type { LanguageState } from "../../../domain/language-choice";
import { pickTranslation } from "../../../domain/languages";
import type { SpotType } from "../../../domain/spots";
import { openingSpotOf } from "../../../domain/table-openings";
import type { PendingOrderRow } from "../../db/app-db";
import { OrderProgress, type SentOrderSummary } from "./OrderProgress";
import { openHeldEntrance } from "./use-order-flow";
import { useSentOrder } from "./use-sent-order";

interface SentOrderCardProps {
  row: PendingOrderRow;
  language: LanguageState;
  /** A waiter's order from the PDA, and the name of the table it is for. */
  byStaff: boolean;
  tableName: string | null;
  /** The type of the spot the cart orders from: whether its orders join a table's bill. */
  spotType: SpotType;
}

export function SentOrderCard({ row, language, byStaff, tableName, spotType }: SentOrderCardProps) {
  const { stage, dismiss, cancelHeld } = useSentOrder(row);
  const summary: SentOrderSummary = {
    lines: row.lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      name: pickTranslation(line.item.names, language.ui, language.extra).name,
    })),
    totalCents: row.request.expectedTotalCents,
  };
  return (
    <OrderProgress
      stage={stage}
      summary={summary}
      onDone={dismiss}
      onSignIn={openHeldEntrance}
      onCancelHeld={cancelHeld}
      byStaff={byStaff}
      tableName={tableName}
      billTableId={openingSpotOf({ spotId: row.tableId, spotType, selectedTableId: row.request.selectedTableId })}
    />
  );
}
