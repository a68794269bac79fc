import type { Kysely } from "kysely";
import { compiledOnce } from "../compiled-once";
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
  if (itemIds !== undefined) return loadMenuRowsOfItems(db, serviceId, itemIds.length > 0 ? [...itemIds] : [-1]);
  const categories = (await categoriesOf(db, serviceId)).rows;
  const items = (await itemsOf(db, serviceId)).rows;
  const groups = (await groupsOf(db, serviceId)).rows;
  const options = (await optionsOf(db, serviceId)).rows;
  return { categories, items, groups, options };
}

async function loadMenuRowsOfItems(db: Kysely<Database>, serviceId: number, itemIds: number[]): Promise<MenuRows> {
  // Only the ordered items' categories (reading and presenting every category would cost each order time).
  const categories = (await categoriesAmong(db, serviceId, itemIds)).rows;
  const items = (await itemsAmong(db, serviceId, itemIds)).rows;
  const groups = (await groupsAmong(db, serviceId, itemIds)).rows;
  const options = (await optionsAmong(db, serviceId, itemIds)).rows;
  return { categories, items, groups, options };
}

// Compiled once each; `in (...)` per number of items.
const categoriesOf = compiledOnce((db, serviceId: number) =>
  db.selectFrom("categories").selectAll().where("service_id", "=", serviceId).orderBy("position"),
);

const categoriesAmong = compiledOnce((db, serviceId: number, itemIds: number[]) =>
  db
    .selectFrom("categories")
    .selectAll()
    .where("service_id", "=", serviceId)
    .where("id", "in", db.selectFrom("items").select("items.category_id").where("items.id", "in", itemIds))
    .orderBy("position"),
);

const itemsQuery = (db: Kysely<Database>, serviceId: number) =>
  db
    .selectFrom("items")
    .innerJoin("categories", "categories.id", "items.category_id")
    .selectAll("items")
    .where("items.service_id", "=", serviceId)
    .orderBy("categories.position")
    .orderBy("items.position");
const itemsOf = compiledOnce(itemsQuery);
const itemsAmong = compiledOnce((db, serviceId: number, itemIds: number[]) =>
  itemsQuery(db, serviceId).where("items.id", "in", itemIds),
);

const groupsQuery = (db: Kysely<Database>, serviceId: number) =>
  db
    .selectFrom("subselection_groups")
    .innerJoin("items", "items.id", "subselection_groups.item_id")
    .selectAll("subselection_groups")
    .where("items.service_id", "=", serviceId)
    .orderBy("subselection_groups.item_id")
    .orderBy("subselection_groups.position");
const groupsOf = compiledOnce(groupsQuery);
const groupsAmong = compiledOnce((db, serviceId: number, itemIds: number[]) =>
  groupsQuery(db, serviceId).where("items.id", "in", itemIds),
);

const optionsQuery = (db: Kysely<Database>, serviceId: number) =>
  db
    .selectFrom("subselection_options")
    .innerJoin("subselection_groups", "subselection_groups.id", "subselection_options.group_id")
    .innerJoin("items", "items.id", "subselection_groups.item_id")
    .selectAll("subselection_options")
    .where("items.service_id", "=", serviceId)
    .orderBy("subselection_options.group_id")
    .orderBy("subselection_options.position");
const optionsOf = compiledOnce(optionsQuery);
const optionsAmong = compiledOnce((db, serviceId: number, itemIds: number[]) =>
  optionsQuery(db, serviceId).where("items.id", "in", itemIds),
);
