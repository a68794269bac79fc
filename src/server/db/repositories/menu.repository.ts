import type { Kysely } from "kysely";
import type { Database } from "../schema";
import type { CategoryRow, ItemRow, SubselectionGroupRow, SubselectionOptionRow } from "../tables/catalogue.tables";

export interface MenuRows {
  categories: CategoryRow[];
  /** in display order: by category position, then item position */
  items: ItemRow[];
  /** ordered by item, then position */
  groups: SubselectionGroupRow[];
  /** ordered by group, then position */
  options: SubselectionOptionRow[];
}

/**
 * Everything one service's menu shows, in four queries whatever its size; with `itemIds`, only
 * those items with their groups and options (placement prices the ordered items, not the menu).
 */
export async function loadMenuRows(
  db: Kysely<Database>,
  serviceId: number,
  itemIds?: readonly number[],
): Promise<MenuRows> {
  const onlyItems = itemIds === undefined ? null : itemIds.length > 0 ? [...itemIds] : [-1];
  const categories = await db
    .selectFrom("categories")
    .selectAll()
    .where("service_id", "=", serviceId)
    .orderBy("position")
    .execute();
  const items = await db
    .selectFrom("items")
    .innerJoin("categories", "categories.id", "items.category_id")
    .selectAll("items")
    .where("items.service_id", "=", serviceId)
    .$if(onlyItems !== null, (query) => query.where("items.id", "in", onlyItems ?? []))
    .orderBy("categories.position")
    .orderBy("items.position")
    .execute();
  const groups = await db
    .selectFrom("subselection_groups")
    .innerJoin("items", "items.id", "subselection_groups.item_id")
    .selectAll("subselection_groups")
    .where("items.service_id", "=", serviceId)
    .$if(onlyItems !== null, (query) => query.where("items.id", "in", onlyItems ?? []))
    .orderBy("subselection_groups.item_id")
    .orderBy("subselection_groups.position")
    .execute();
  const options = await db
    .selectFrom("subselection_options")
    .innerJoin("subselection_groups", "subselection_groups.id", "subselection_options.group_id")
    .innerJoin("items", "items.id", "subselection_groups.item_id")
    .selectAll("subselection_options")
    .where("items.service_id", "=", serviceId)
    .$if(onlyItems !== null, (query) => query.where("items.id", "in", onlyItems ?? []))
    .orderBy("subselection_options.group_id")
    .orderBy("subselection_options.position")
    .execute();
  return { categories, items, groups, options };
}
