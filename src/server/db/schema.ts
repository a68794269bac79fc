/** The whole database as Kysely sees it: table name → table interface. */
import type {
  CategoriesTable,
  ItemsTable,
  ServicesTable,
  SpotsTable,
  StoresTable,
  SubselectionGroupsTable,
  SubselectionOptionsTable,
} from "./tables/catalogue.tables";
import type { OutboxTable } from "./tables/outbox.table";
import type { StaffTable } from "./tables/staff.table";
import type { UsersTable } from "./tables/users.table";

export interface Database {
  stores: StoresTable;
  services: ServicesTable;
  spots: SpotsTable;
  categories: CategoriesTable;
  items: ItemsTable;
  subselection_groups: SubselectionGroupsTable;
  subselection_options: SubselectionOptionsTable;
  staff: StaffTable;
  users: UsersTable;
  outbox: OutboxTable;
}

export type DialectName = "sqlite" | "postgres";
