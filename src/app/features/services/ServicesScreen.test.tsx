import "fake-indexeddb/auto";
import "temporal-polyfill/global";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ServiceDto } from "../../../domain/api";
import { names, service } from "../../../domain/test-support";
import { fixedAthensClock } from "../../clock/athens-clock";
import { ClockContext } from "../../clock/use-athens-now";
import { renderWithI18n } from "../../test-support/render";
import { spot, store } from "../../test-support/venue";
import { ServicesScreen } from "./ServicesScreen";

// Links need a router; plain anchors are enough for what these tests look at.
vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));

function renderServices(services: ServiceDto[]) {
  renderWithI18n(
    <ClockContext.Provider value={fixedAthensClock("2026-07-15T09:00:00Z")}>
      <ServicesScreen table={{ store: store({ numberOfServices: services.length }), spot: spot(), services }} />
    </ClockContext.Provider>,
  );
}

const beachBar = service({ serviceId: 1, slug: "beach-bar", names: names("Sunset"), type: "BEACH_BAR" });
const cafe = service({ serviceId: 2, slug: "cafe", names: names("Café"), type: "CAFE" });
const spa = service({ serviceId: 3, slug: "spa", names: names("Spa treats"), type: "SPA" });

describe("services screen", () => {
  it("spec §3 F2: each service's type shows its icon and word; a name that says it already keeps only the icon", () => {
    renderServices([beachBar, cafe, spa]);
    const sunset = screen.getByRole("link", { name: /Sunset/ });
    expect(sunset.querySelector('[data-kind="BEACH_BAR"] svg[aria-hidden="true"]')).not.toBeNull();
    expect(sunset.querySelector('[data-kind="BEACH_BAR"]')?.textContent).toBe("Beach bar");
    const cafeCard = screen.getByRole("link", { name: /Café/ });
    expect(cafeCard.querySelector('[data-kind="CAFE"] svg')).not.toBeNull();
    expect(cafeCard.querySelector('[data-kind="CAFE"]')?.textContent).toBe("");
    // A label of no known kind: no icon, no word.
    expect(screen.getByRole("link", { name: /Spa treats/ }).querySelector("[data-kind]")).toBeNull();
  });

  it("spec §3 F1: numberOfServices above one says how many services there are; one service says nothing more", () => {
    renderServices([beachBar, cafe, spa]);
    expect(screen.getByText("3 services: tap one to see its menu")).toBeTruthy();
  });

  it("spec §3 F1: a spot with one service keeps the plain heading", () => {
    renderServices([beachBar]);
    expect(screen.getByRole("heading", { level: 2, name: "What would you like?" })).toBeTruthy();
    expect(screen.queryByText(/services: tap one/)).toBeNull();
  });
});
