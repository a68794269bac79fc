import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { item } from "../../../domain/test-support";
import { fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { appDb } from "../../db/app-db";
import { readCart } from "../../db/cart-repository";
import { setViewportWidth } from "../../test-support/match-media";
import { renderWithI18n } from "../../test-support/render";
import { venue as venueFixture } from "../../test-support/venue";
import ItemModal from "./ItemModal";

// 12:00 in Athens (09:00 UTC, summer); the service rents 09:00-19:00.
const NOON = "2026-07-15T09:00:00Z";
const cartKey = { storeId: 1, serviceId: 1 };
const board = item(301, {
  names: { GRE: { name: "SUP board" }, ENG: { name: "SUP board" } },
  priceCents: 3500,
  rental: { unit: "day", maxUnits: 7 },
});

function renderModal() {
  const onDone = vi.fn();
  const venue = venueFixture({ items: [board], service: { hours: { startTime: "09:00", endTime: "19:00" } } });
  renderWithI18n(
    <ClockContext.Provider value={fixedAthensClock(NOON)}>
      <ItemModal request={{ mode: "add", item: board }} venue={venue} onClose={vi.fn()} onDone={onDone} />
    </ClockContext.Provider>,
  );
  return { onDone };
}

/** The add button once the modal's clock lets it add. */
async function addButton(): Promise<HTMLButtonElement> {
  const button = (await screen.findByRole("button", { name: /^Add to cart/ })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

function fillDates(pickUp: [string, string], back: [string, string]) {
  fireEvent.change(screen.getByLabelText("Pick-up date"), { target: { value: pickUp[0] } });
  fireEvent.change(screen.getByLabelText("Pick-up time"), { target: { value: pickUp[1] } });
  fireEvent.change(screen.getByLabelText("Return date"), { target: { value: back[0] } });
  fireEvent.change(screen.getByLabelText("Return time"), { target: { value: back[1] } });
}

beforeEach(async () => {
  setViewportWidth(400);
  await appDb().cartLines.clear();
  await appDb().cartMeta.clear();
});

describe("item modal: a rentable item's pick-up and return (spec §5 V22)", () => {
  it("spec §8 E24: a return before the pick-up shows the catalogue's text, linked to the inputs, and adds nothing", async () => {
    const { onDone } = renderModal();
    const add = await addButton();
    fillDates(["2026-07-17", "10:00"], ["2026-07-16", "10:00"]);
    const alert = await screen.findByText("The return date must be after the pick-up date");
    expect(alert.getAttribute("role")).toBe("alert");
    const returnDate = screen.getByLabelText("Return date");
    expect(returnDate.getAttribute("type")).toBe("date");
    expect(returnDate.getAttribute("aria-invalid")).toBe("true");
    expect(returnDate.getAttribute("aria-describedby")?.split(" ")).toContain(alert.id);
    fireEvent.click(add);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onDone).not.toHaveBeenCalled();
    expect((await readCart(appDb(), cartKey)).lines).toEqual([]);
  });

  it("adding without dates says to choose them, and adds nothing", async () => {
    const { onDone } = renderModal();
    fireEvent.click(await addButton());
    expect(await screen.findByText("Choose the pick-up and return date and time.")).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("valid dates price two started days and store the line with its dates and units", async () => {
    const { onDone } = renderModal();
    const add = await addButton();
    fillDates(["2026-07-16", "10:00"], ["2026-07-18", "09:30"]);
    await waitFor(() => expect(add.textContent).toMatch(/70,00\s€$/));
    fireEvent.click(add);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("SUP board added to your cart"));
    const [line] = (await readCart(appDb(), cartKey)).lines;
    expect(line?.rental).toEqual({ pickUpAt: "2026-07-16T07:00:00Z", returnAt: "2026-07-18T06:30:00Z", units: 2 });
  });
});
