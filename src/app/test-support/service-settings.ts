/**
 * A service's settings as a venue file without them imports: always open, no scheduled orders, no
 * limits, no discounts. Test catalogues spread it into each service they build.
 */
import type { EditableService } from "../../domain/staff-catalogue-api";

export const PLAIN_SERVICE_SETTINGS = {
  hours: null,
  scheduledOrders: null,
  maxItemsPerOrder: 0,
  minimumOrderCents: 0,
  happyHour: null,
  deliveryDiscount: null,
  delayedResponse: false,
  hidePhotosOfItems: false,
} as const satisfies Omit<EditableService, "serviceId" | "version" | "names">;
