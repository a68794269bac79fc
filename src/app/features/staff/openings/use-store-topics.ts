/**
 * Live staff screens (live on the store's STOMP topic, polling when it fails, so a waiter sees a
 * change at once): the store's orders and openings topics, or the ones a screen names (the
 * kitchen's: tickets; the live orders feed adds the guests' calls), on one connection with the
 * staff session (orders/status/use-session-topics.ts). A station's display skips another
 * station's tickets by the event it is handed.
 */
import {
  storeCallsDestination,
  storeOpeningsDestination,
  storeOrdersDestination,
  storeTicketsDestination,
} from "../../../../domain/order-topics";
import { useSessionTopics } from "../../../orders/status/use-session-topics";

export type StoreTopic = "orders" | "openings" | "tickets" | "calls";

const DESTINATIONS: Record<StoreTopic, (storeId: number) => string> = {
  orders: storeOrdersDestination,
  openings: storeOpeningsDestination,
  tickets: storeTicketsDestination,
  calls: storeCallsDestination,
};

/** What the waiter's screens follow: a table or an order changing. */
const FLOOR_TOPICS: readonly StoreTopic[] = ["openings", "orders"];

export function useStoreTopics(
  storeId: number,
  /** `event`: the message's JSON body, or undefined when it is not JSON. */
  onChange: (event?: unknown) => void,
  topics: readonly StoreTopic[] = FLOOR_TOPICS,
): { connected: boolean } {
  return useSessionTopics(
    topics.map((topic) => DESTINATIONS[topic](storeId)),
    true,
    onChange,
  );
}
