import type { CartKey } from "../../db/cart-repository";
import type { ServiceMenuData } from "../../venue/load-venue";

/** The cart of the screen being shown: carts are kept per store and service. */
export function cartKeyOf({ table, service }: Pick<ServiceMenuData, "table" | "service">): CartKey {
  return { storeId: table.store.storeId, serviceId: service.serviceId };
}
