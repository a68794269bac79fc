/** The whole database as Kysely sees it: table name → table interface. */

import type { AuditEntriesTable } from "./tables/audit-entries.table";
import type { CardTokensTable } from "./tables/card-tokens.table";
import type {
  CategoriesTable,
  ItemsTable,
  ServicesTable,
  SpotsTable,
  StoresTable,
  SubselectionGroupsTable,
  SubselectionOptionsTable,
} from "./tables/catalogue.tables";
import type {
  BillPaymentAttemptsTable,
  SandboxAuthorizationsTable,
  WaiterCallsTable,
} from "./tables/guest-bill.tables";
import type { JobsTable } from "./tables/jobs.table";
import type { PrinterStatesTable, StationsTable, TicketsTable } from "./tables/kitchen.tables";
import type { MembershipsTable } from "./tables/memberships.table";
import type {
  OrderDailyCountersTable,
  OrderLinesTable,
  OrderRequestsTable,
  OrdersTable,
  PaymentsTable,
  ReviewsTable,
  SandboxCardsTable,
} from "./tables/orders.tables";
import type { OutboxTable } from "./tables/outbox.table";
import type { RateLimitEventsTable, RateLimitKeysTable } from "./tables/rate-limits.table";
import type { SavedCardsTable } from "./tables/saved-cards.table";
import type { ServerSecretsTable } from "./tables/server-secrets.table";
import type { SessionsTable, SessionTokensTable } from "./tables/sessions.table";
import type { StaffTable } from "./tables/staff.table";
import type { StaffDevicesTable, StaffSignInAlertsTable } from "./tables/staff-devices.tables";
import type { StaffLoginTokensTable } from "./tables/staff-login-tokens.table";
import type {
  ReceiptDailyCountersTable,
  ReceiptsTable,
  TableOpeningLinesTable,
  TableOpeningPaymentsTable,
  TableOpeningsTable,
} from "./tables/table-openings.tables";
import type { UsersTable } from "./tables/users.table";
import type { VerificationCodesTable } from "./tables/verification-codes.table";

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
  sessions: SessionsTable;
  session_tokens: SessionTokensTable;
  verification_codes: VerificationCodesTable;
  rate_limit_keys: RateLimitKeysTable;
  rate_limit_events: RateLimitEventsTable;
  staff_login_tokens: StaffLoginTokensTable;
  staff_devices: StaffDevicesTable;
  staff_sign_in_alerts: StaffSignInAlertsTable;
  saved_cards: SavedCardsTable;
  memberships: MembershipsTable;
  server_secrets: ServerSecretsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_daily_counters: OrderDailyCountersTable;
  order_requests: OrderRequestsTable;
  sandbox_cards: SandboxCardsTable;
  payments: PaymentsTable;
  reviews: ReviewsTable;
  table_openings: TableOpeningsTable;
  table_opening_lines: TableOpeningLinesTable;
  table_opening_payments: TableOpeningPaymentsTable;
  receipt_daily_counters: ReceiptDailyCountersTable;
  receipts: ReceiptsTable;
  card_tokens: CardTokensTable;
  jobs: JobsTable;
  stations: StationsTable;
  tickets: TicketsTable;
  bill_payment_attempts: BillPaymentAttemptsTable;
  sandbox_authorizations: SandboxAuthorizationsTable;
  waiter_calls: WaiterCallsTable;
  printer_states: PrinterStatesTable;
  audit_entries: AuditEntriesTable;
}

export type DialectName = "sqlite" | "postgres";
