/** Test-only: an OrderDto as GET /api/orders/history answers it, varied with spreads. */

import type { OrderDto } from "../../../domain/orders-api";
import { names } from "../../../domain/test-support";

export function orderDto(id: number, overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    id,
    storeId: 1,
    storeNames: names("Kyma Beach Bar"),
    serviceId: 10,
    serviceNames: names("Beach bar"),
    tableId: 200,
    spotName: "Umbrella 12",
    spotNames: { GRE: { name: "Ομπρέλα 12" }, ENG: { name: "Umbrella 12" } },
    selectedTableName: null,
    chargingRoomName: null,
    status: "ACCEPTED",
    onHold: false,
    dailyNumber: 7,
    scheduledFor: null,
    comment: "",
    payment: { type: "CASH", cardBrand: null, cardLastFour: null },
    deliveryInfo: null,
    lines: [
      {
        itemId: 1000,
        names: names("Freddo espresso"),
        quantity: 2,
        kilos: null,
        comment: "no sugar",
        options: [{ groupId: 5, optionId: 51, names: names("Oat milk"), priceCents: 40 }],
        unitPriceCents: 300,
        optionsUnitPriceCents: 40,
        totalCents: 680,
      },
    ],
    totals: {
      subtotalCents: 680,
      happyHourSavingsCents: 0,
      roomChargeCents: 0,
      deliveryDiscountCents: 0,
      totalCents: 680,
    },
    errorMessage: null,
    acceptanceDeadline: null,
    reviewed: false,
    createdAt: "2026-07-01T09:15:00.000Z",
    updatedAt: "2026-07-01T09:16:00.000Z",
    ...overrides,
  };
}

/** The network edge of a screen test: answers by path, records each request (ky waits until a stub reads the body). */
export function stubApi(answer: (request: Request) => { status: number; body: unknown }) {
  const requests: Array<{ method: string; url: URL; body: string; headers: Headers }> = [];
  const fetch = async (request: Request) => {
    requests.push({
      method: request.method,
      url: new URL(request.url),
      body: await request.clone().text(),
      headers: request.headers,
    });
    const { status, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return { fetch, requests };
}
