/**
 * The store's catalogue as staff see it to change it: services, categories and items in the guest
 * menu's order, with each item's version (for an admin's edit) and stock (for the waiter's Stock
 * view), and each service's settings as an admin edits them. Read in one transaction so the
 * catalogue version matches the rows.
 */
import type {
  EditableItem,
  StaffCatalogue,
  StaffCatalogueItem,
  StaffCatalogueService,
} from "../../domain/staff-catalogue-api";
import { fromDbBoolean, fromJsonText } from "../db/columns";
import type { ItemRow, ServiceRow } from "../db/tables/catalogue.tables";
import { notFound } from "../http/api-error";
import type { OrdersContext } from "../orders/context";
import { photoUrl, serviceDto } from "./presenters";
import { editableService } from "./service-edit";

export function editableItem(row: ItemRow): EditableItem {
  return {
    itemId: row.id,
    version: row.version,
    names: fromJsonText(row.names),
    priceCents: row.price_cents,
    membershipPriceCents: row.membership_price_cents,
    memberPriceEnabled: fromDbBoolean(row.member_price_enabled),
    membershipAdditionCents: row.membership_addition_cents,
    perKg: fromDbBoolean(row.per_kg),
  };
}

function staffCatalogueItem(row: ItemRow): StaffCatalogueItem {
  return {
    ...editableItem(row),
    photo: photoUrl(row.photo),
    stockEnabled: fromDbBoolean(row.stock_enabled),
    stockAmount: row.stock_amount,
  };
}

function pauseOf(service: ServiceRow): Pick<StaffCatalogueService, "pause"> {
  const { pause } = serviceDto(service);
  return pause === undefined ? {} : { pause };
}

export async function readStaffCatalogue(ctx: OrdersContext, storeId: number): Promise<StaffCatalogue> {
  return ctx.db.transaction().execute(async (trx) => {
    const store = await trx
      .selectFrom("stores")
      .select("catalogue_version")
      .where("id", "=", storeId)
      .executeTakeFirst();
    if (store === undefined) throw notFound("NOT_FOUND", `There is no store ${storeId}`);
    const [services, categories, items] = await Promise.all([
      trx
        .selectFrom("services")
        .selectAll()
        .where("store_id", "=", storeId)
        .orderBy("position")
        .orderBy("id")
        .execute(),
      trx
        .selectFrom("categories")
        .selectAll()
        .where("store_id", "=", storeId)
        .orderBy("position")
        .orderBy("id")
        .execute(),
      trx.selectFrom("items").selectAll().where("store_id", "=", storeId).orderBy("position").orderBy("id").execute(),
    ]);
    return {
      storeId,
      catalogueVersion: store.catalogue_version,
      services: services.map((service) => ({
        // The settings as an admin edits them: the back office's service form opens on these.
        ...editableService(service),
        slug: service.slug,
        // The service's pause as guests get it: the Stock view says it and offers to resume.
        ...pauseOf(service),
        categories: categories
          .filter((category) => category.service_id === service.id)
          .map((category) => ({
            categoryId: category.id,
            version: category.version,
            names: fromJsonText(category.names),
            maxProductsPerCart: category.max_products_per_cart,
            items: items.filter((item) => item.category_id === category.id).map(staffCatalogueItem),
          })),
      })),
    };
  });
}
