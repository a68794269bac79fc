/** What guests read of a service paused by the venue: until when (Athens time) and the venue's reason. */
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { service } from "../../../domain/test-support";
import { selectLanguage } from "../../i18n/language-store";
import { renderWithI18n } from "../../test-support/render";
import { OpenState, OrderingNoteText } from "./ServiceStatusText";
import { serviceStatusAt } from "./service-status";

const store = { readOnly: false };
const noon = { hour: 12, minute: 0 };
const nowMs = Date.parse("2026-07-01T09:05:00Z");

afterEach(async () => {
  await selectLanguage("GRE");
});

function renderStatus(until: string | null, reason: string) {
  const paused = service({ pause: { since: "2026-07-01T09:00:00.000Z", until, reason } });
  const status = serviceStatusAt(paused, store, "UMBRELLA_AT_HOTEL", noon, undefined, nowMs);
  renderWithI18n(
    <p>
      <OpenState status={status} /> <OrderingNoteText status={status} />
    </p>,
  );
}

describe("a paused service on the services page, the menu and the item modal", () => {
  it("says until when in Athens time and the venue's reason", async () => {
    await selectLanguage("ENG");
    renderStatus("2026-07-01T09:30:00.000Z", "Kitchen break");
    expect(screen.getByText("Orders paused until 12:30: you can browse the menu meanwhile.")).toBeTruthy();
    expect(screen.getByText("The venue says: “Kitchen break”")).toBeTruthy();
  });

  it("until resumed: no time; an empty reason is not shown", async () => {
    await selectLanguage("ENG");
    renderStatus(null, "");
    expect(screen.getByText("Orders paused for now: you can browse the menu meanwhile.")).toBeTruthy();
    expect(screen.queryByText(/The venue says/)).toBeNull();
  });
});
