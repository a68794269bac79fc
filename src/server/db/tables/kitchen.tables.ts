/**
 * Kitchen and bar (migration 013): stations from the venue file, the tickets accepted orders are
 * split into, and the state of each station's printer.
 */
import type { Generated, Insertable, Selectable } from "kysely";
import type { StationRoute } from "../../../domain/kitchen";
import type { TicketState } from "../../../domain/kitchen-api";
import type { Translations } from "../../../domain/languages";
import type { BooleanColumn, IsoInstant, JsonText } from "../columns";

/** A station's network printer, as the venue file gives it (defaults applied). */
export interface StationPrinter {
  host: string;
  port: number;
  codePage: string;
  /** The printer's ESC t number of its code page where it is not Epson's; null: Epson's. */
  codePageNumber: number | null;
  columns: number;
}

export interface StationsTable {
  id: number;
  store_id: number;
  names: JsonText<Translations>;
  /** What the station makes (the domain's route without its own id). */
  routes: JsonText<Omit<StationRoute, "stationId">>;
  display: BooleanColumn;
  printer: JsonText<StationPrinter> | null;
  position: number;
}

/** A ticket's line: what the order line said, and how far the station is with it. */
export interface StoredTicketLine {
  index: number;
  names: Translations;
  options: Translations[];
  comment: string;
  quantity: number;
  grams: number | null;
  canceledQuantity: number;
  ready: boolean;
  /** A no-charge request (towels, a pillow); absent on tickets written before requests were marked. */
  request?: boolean;
}

export interface TicketsTable {
  id: Generated<number>;
  store_id: number;
  station_id: number;
  order_id: number;
  state: TicketState;
  version: number;
  lines: JsonText<StoredTicketLine[]>;
  changed: BooleanColumn;
  created_at: IsoInstant;
  ready_at: IsoInstant | null;
  ready_by_staff_id: number | null;
  picked_up_at: IsoInstant | null;
  updated_at: IsoInstant;
}

export interface PrinterStatesTable {
  station_id: number;
  store_id: number;
  failing_since: IsoInstant | null;
  problem: string | null;
  /** The last failed attempt: while it is recent, other tickets wait instead of trying again. */
  last_failed_at: IsoInstant | null;
  last_printed_at: IsoInstant | null;
}

export type StationRow = Selectable<StationsTable>;
export type NewStationRow = Insertable<StationsTable>;
export type TicketRow = Selectable<TicketsTable>;
