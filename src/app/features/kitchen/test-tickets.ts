/** Test-only tickets and stations of the kitchen screens (store 7: the beach bar and the kitchen). */
import type { StationDto, TicketDto, TicketLineDto } from "../../../domain/kitchen-api";

export const STORE = 7;
export const BEACH_BAR = 7601;
export const KITCHEN = 7602;

const names = (greek: string, english: string) => ({ GRE: { name: greek }, ENG: { name: english } });

export const STATIONS: StationDto[] = [
  { id: BEACH_BAR, storeId: STORE, names: names("Μπαρ παραλίας", "Beach bar"), display: true, printer: false },
  { id: KITCHEN, storeId: STORE, names: names("Κουζίνα", "Kitchen"), display: true, printer: true },
];

export function ticketLine(overrides: Partial<TicketLineDto> = {}): TicketLineDto {
  return {
    index: 0,
    names: names("Φρέντο εσπρέσο", "Freddo espresso"),
    options: [],
    comment: "",
    quantity: 1,
    grams: null,
    canceledQuantity: 0,
    ready: false,
    ...overrides,
  };
}

export function ticket(overrides: Partial<TicketDto> = {}): TicketDto {
  return {
    id: 41,
    storeId: STORE,
    stationId: BEACH_BAR,
    stationNames: names("Μπαρ παραλίας", "Beach bar"),
    orderId: 301,
    dailyNumber: 12,
    spotNames: names("Ομπρέλα 1", "Umbrella 1"),
    waiterName: "Nikos",
    state: "ACTIVE",
    changed: false,
    version: 1,
    createdAt: "2026-07-01T09:28:00.000Z",
    readyAt: null,
    lines: [ticketLine()],
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
