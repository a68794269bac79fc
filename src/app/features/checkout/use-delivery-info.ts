/**
 * The guest's last delivery details (spec §3 "Local storage keeps: ... delivery info"), kept in
 * appDb().deliveryInfo so the next delivery order starts filled in.
 */
import { useLiveQuery } from "dexie-react-hooks";
import type { DeliveryInfo } from "../../../domain/orders-api";
import { appDb } from "../../db/app-db";

/** undefined while IndexedDB is read; null when nothing was kept. */
export function useStoredDeliveryInfo(): DeliveryInfo | null | undefined {
  return useLiveQuery(async () => {
    const row = await appDb().deliveryInfo.get("last");
    if (!row) return null;
    const { id: _id, ...info } = row;
    return info;
  }, []);
}

export function keepDeliveryInfo(info: DeliveryInfo): Promise<unknown> {
  return appDb().deliveryInfo.put({ id: "last", ...info });
}
