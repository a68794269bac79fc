/**
 * An admin edits a service's settings: names, hours, scheduled orders, limits, happy hour, delivery
 * discount, checked by the venue file's schemas and its time-window rules with the same messages
 * (catalogue-write.ts says how every such change runs), and refused (409 SERVICE_CHANGED) when it
 * names another version than the stored one.
 */
import type { EditableService, ServiceEdit } from "../../domain/staff-catalogue-api";
import { fromDbBoolean, fromJsonText, toDbBoolean, toJsonText } from "../db/columns";
import type { ServiceRow } from "../db/tables/catalogue.tables";
import { badRequest, notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import type { StoredAnswer } from "../orders/idempotency";
import type { StaffMember } from "../routes/staff-orders/staff-session";
import { itemLabel } from "../staff/audit";
import { touchedFields } from "../staff/audited-write";
import { formatIssue } from "../validation/issues";
import { serviceTimeIssues } from "../venue/semantic-checks";
import { moveVersion, runCatalogueWrite } from "./catalogue-write";

export function editService(
  ctx: OrdersContext,
  staff: StaffMember,
  key: string,
  serviceId: number,
  edit: ServiceEdit,
): Promise<StoredAnswer> {
  return runCatalogueWrite(ctx, staff, key, { route: `services/${serviceId}`, body: edit }, async (trx) => {
    const row = await trx
      .selectFrom("services")
      .selectAll()
      .where("id", "=", serviceId)
      .where("store_id", "=", staff.storeId)
      .executeTakeFirst();
    if (row === undefined) throw notFound("NOT_FOUND", `There is no service ${serviceId} in this store`);
    const { version, ...fields } = edit;
    const nextVersion = await moveVersion(trx, "services", row, version);
    const edited: EditableService = { ...editableService(row), ...fields };
    const issues = serviceTimeIssues(
      {
        hours: edited.hours ?? undefined,
        scheduledOrders: edited.scheduledOrders ?? undefined,
        happyHour: edited.happyHour ?? undefined,
      },
      "",
    );
    if (issues.length > 0) throw badRequest(issues.map(formatIssue).join("; "));
    const columns = serviceColumns(edited);
    await trx.updateTable("services").set(columns).where("id", "=", serviceId).execute();
    // The answer is what was stored, read back from the columns.
    const service = editableService({ ...row, ...columns, version: nextVersion });
    return {
      answer: service,
      audit: {
        action: "service.edit",
        subject: { kind: "service", id: serviceId, label: itemLabel(row.names) },
        ...touchedFields(fields, editableService(row), service),
      },
    };
  });
}

export function editableService(row: ServiceRow): EditableService {
  const window = (startTime: string | null, endTime: string | null) =>
    startTime === null || endTime === null ? null : { startTime, endTime };
  const scheduledHours = window(row.scheduled_orders_start, row.scheduled_orders_end);
  const happyHourWindow = window(row.happy_hour_start, row.happy_hour_end);
  return {
    serviceId: row.id,
    version: row.version,
    names: fromJsonText(row.names),
    hours: window(row.hours_start, row.hours_end),
    scheduledOrders:
      scheduledHours === null ? null : { enabled: fromDbBoolean(row.scheduled_orders_enabled), hours: scheduledHours },
    maxItemsPerOrder: row.max_items_per_order,
    minimumOrderCents: row.minimum_order_cents,
    happyHour:
      happyHourWindow === null || row.happy_hour_discount_percentage === null
        ? null
        : { discountPercentage: row.happy_hour_discount_percentage, ...happyHourWindow },
    deliveryDiscount:
      row.delivery_discount_percentage === null || row.delivery_discount_minimum_cents === null
        ? null
        : {
            discountPercentage: row.delivery_discount_percentage,
            minimumPriceForDeliveryDiscountCents: row.delivery_discount_minimum_cents,
          },
    delayedResponse: fromDbBoolean(row.delayed_response),
    hidePhotosOfItems: fromDbBoolean(row.hide_photos_of_items),
  };
}

/** The columns an import writes for these settings (venue/venue-rows.ts), from the edited service. */
function serviceColumns(service: EditableService) {
  return {
    names: toJsonText(service.names),
    hours_start: service.hours?.startTime ?? null,
    hours_end: service.hours?.endTime ?? null,
    scheduled_orders_enabled: toDbBoolean(service.scheduledOrders?.enabled ?? false),
    scheduled_orders_start: service.scheduledOrders?.hours.startTime ?? null,
    scheduled_orders_end: service.scheduledOrders?.hours.endTime ?? null,
    max_items_per_order: service.maxItemsPerOrder,
    minimum_order_cents: service.minimumOrderCents,
    happy_hour_discount_percentage: service.happyHour?.discountPercentage ?? null,
    happy_hour_start: service.happyHour?.startTime ?? null,
    happy_hour_end: service.happyHour?.endTime ?? null,
    delivery_discount_percentage: service.deliveryDiscount?.discountPercentage ?? null,
    delivery_discount_minimum_cents: service.deliveryDiscount?.minimumPriceForDeliveryDiscountCents ?? null,
    delayed_response: toDbBoolean(service.delayedResponse),
    hide_photos_of_items: toDbBoolean(service.hidePhotosOfItems),
  };
}
