import { createFileRoute } from "@tanstack/react-router";
import { OrderChangeStatusScreen } from "../features/staff/OrderChangeStatusScreen";

/** Staff: the store's pending orders, to accept or reject. */
export const Route = createFileRoute("/order-change-status")({
  staticData: { screen: "order-change-status" },
  component: OrderChangeStatusScreen,
});
