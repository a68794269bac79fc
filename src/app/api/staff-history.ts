/**
 * The store's order history of the staff and order-details links (shapes in
 * src/domain/staff-history-api.ts). History and minting carry the staff session's tokens; reading
 * by link carries only the link's token, in a header (never the API's URL, which logs keep).
 */
import { ORDER_LINK_TOKEN_HEADER } from "../../domain/staff-history";
import type {
  OrderDetailsLink,
  StaffOrderDto,
  StoreOrdersPage,
  StoreOrdersQuery,
} from "../../domain/staff-history-api";
import { authedCall, publicCall } from "./accounts-client";

export function fetchStoreOrders(storeId: number, query: StoreOrdersQuery): Promise<StoreOrdersPage> {
  const searchParams = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );
  return authedCall(`staff/stores/${storeId}/orders`, { method: "get", searchParams });
}

export function fetchOrderDetailsLink(orderId: number): Promise<OrderDetailsLink> {
  return authedCall(`staff/orders/${orderId}/details-link`, { method: "get" });
}

export function fetchOrderByLink(storeId: number, orderId: number, token: string): Promise<StaffOrderDto> {
  return publicCall(`order-details/${storeId}/${orderId}`, {
    method: "get",
    headers: { [ORDER_LINK_TOKEN_HEADER]: token },
    // The page's own URL holds the token: never send it along as the Referer.
    referrerPolicy: "no-referrer",
  });
}
