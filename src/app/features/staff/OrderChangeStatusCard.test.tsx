import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { names } from "../../../domain/test-support";
import { renderWithI18n } from "../../test-support/render";
import { orderDto } from "../history/test-orders";
import { OrderChangeStatusCard } from "./OrderChangeStatusCard";

const towels = {
  itemId: 1005,
  names: names("Extra towels"),
  quantity: 2,
  kilos: null,
  comment: "",
  options: [],
  unitPriceCents: 0,
  optionsUnitPriceCents: 0,
  totalCents: 0,
  request: true,
};

function renderCard(overrides: Parameters<typeof orderDto>[1]) {
  const order = orderDto(41, { status: "WAITING_FOR_ACCEPTANCE", ...overrides });
  renderWithI18n(
    <OrderChangeStatusCard
      order={order}
      nowMs={Date.parse("2026-07-01T09:15:00.000Z")}
      queuedAction={null}
      error={null}
      onAccept={vi.fn()}
      onReject={vi.fn()}
    />,
  );
  return screen.getByRole("article", { name: /Order #7/ });
}

describe("the waiter's live order card", () => {
  it("F28: a member order says Member on the card", () => {
    const card = renderCard({ memberPrices: true });
    expect(within(card).getByText("Member")).toBeTruthy();
  });

  it("F28: no Member mark on an order at regular prices (or from before the mark existed)", () => {
    const card = renderCard({ memberPrices: false });
    expect(within(card).queryByText("Member")).toBeNull();
  });

  it("F7: a request line says Request instead of a price; priced lines keep theirs", () => {
    const base = orderDto(41);
    const card = renderCard({ lines: [...base.lines, towels] });
    const [freddo, request] = within(card).getAllByRole("listitem");
    expect(request?.textContent).toContain("Extra towels");
    expect(request?.textContent).toContain("Request");
    expect(request?.textContent).not.toMatch(/0[.,]00/);
    expect(freddo?.textContent).toMatch(/6[.,]80/);
  });

  it("F13.2: an order served by a named waiter says by whom", () => {
    const card = renderCard({ servedByName: "Maria" });
    expect(within(card).getByText("Served by Maria")).toBeTruthy();
  });
});
