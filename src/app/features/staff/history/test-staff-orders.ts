/** Test-only: a staff order of store 7 as the API sends it, and JSON answers for stubbed fetches. */
import type { StaffOrderDto } from "../../../../domain/staff-history-api";

const names = (english: string) => ({ GRE: { name: `${english} (el)` }, ENG: { name: english } });

export function staffOrder(overrides: Partial<StaffOrderDto> = {}): StaffOrderDto {
  return {
    id: 31,
    storeId: 7,
    storeNames: names("Ammoudia"),
    serviceId: 10,
    serviceNames: names("Beach bar"),
    tableId: 201,
    spotName: "Umbrella 12",
    spotNames: { GRE: { name: "Ομπρέλα 12" }, ENG: { name: "Umbrella 12" } },
    selectedTableName: null,
    chargingRoomName: null,
    status: "REJECTED",
    onHold: false,
    dailyNumber: 14,
    scheduledFor: null,
    comment: "No ice please",
    payment: { type: "CASH", cardBrand: null, cardLastFour: null },
    deliveryInfo: null,
    lines: [
      {
        itemId: 1000,
        names: names("Freddo espresso"),
        quantity: 2,
        kilos: null,
        comment: "Extra cold",
        options: [{ groupId: 5000, optionId: 50001, names: names("Medium"), priceCents: 0 }],
        unitPriceCents: 350,
        optionsUnitPriceCents: 0,
        totalCents: 700,
      },
    ],
    totals: {
      subtotalCents: 700,
      happyHourSavingsCents: 0,
      roomChargeCents: 0,
      deliveryDiscountCents: 0,
      totalCents: 700,
    },
    errorMessage: "Out of ice",
    acceptanceDeadline: null,
    reviewed: false,
    createdAt: "2026-07-01T09:15:00.000Z",
    updatedAt: "2026-07-01T09:20:00.000Z",
    decidedAt: "2026-07-01T09:20:00.000Z",
    decidedByName: "Nikos",
    ...overrides,
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}
