/** Assembles one service's whole menu (MenuResponse) from its rows. */
import type { MenuResponse, OptionDto, SubselectionGroupDto } from "../../domain/api";
import type { MenuRows } from "../db/repositories/menu.repository";
import { categoryDto, groupDto, itemDto, optionDto } from "./presenters";

export function menuDocument(storeId: number, serviceId: number, rows: MenuRows): MenuResponse {
  const optionsByGroup = groupBy(rows.options, (o) => o.group_id, optionDto);
  const groupsByItem = groupBy(
    rows.groups,
    (g) => g.item_id,
    (g): SubselectionGroupDto => groupDto(g, optionsByGroup.get(g.id) ?? noOptions),
  );
  const categories = rows.categories.map(categoryDto);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const items = rows.items.map((row) => {
    const category = categoryById.get(row.category_id);
    if (category === undefined)
      throw new Error(`item ${row.id} refers to category ${row.category_id} outside service ${serviceId}`);
    return itemDto(row, category, groupsByItem.get(row.id) ?? []);
  });
  return { storeId, serviceId, categories, items };
}

const noOptions: OptionDto[] = [];

function groupBy<Row, Key, Value>(
  rows: readonly Row[],
  keyOf: (row: Row) => Key,
  map: (row: Row) => Value,
): Map<Key, Value[]> {
  const grouped = new Map<Key, Value[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = grouped.get(key);
    if (list) list.push(map(row));
    else grouped.set(key, [map(row)]);
  }
  return grouped;
}
