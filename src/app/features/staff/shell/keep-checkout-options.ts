/**
 * When a waiter signs in on a terminal, the checkout options of its PDA spot (the table picker's
 * floor) are read for every service the spot offers and kept on the device (kept-checkout-options.ts):
 * the table picker then works offline even if nobody opened the cart online since the PDA started.
 */
import { fetchCheckoutOptions } from "../../../api/orders";
import { fetchTable } from "../../../api/requests";
import type { TerminalSpot } from "../../../session/staff-device";
import { rememberCheckoutOptions } from "../openings/kept-checkout-options";

/** Called by the staff shell, shown only to staff of the terminal's store; a failure (offline) waits for the next sign-in. */
export async function keepCheckoutOptions(terminal: Pick<TerminalSpot, "spotId">): Promise<void> {
  const table = await fetchTable(terminal.spotId);
  for (const service of table.services) {
    const options = await fetchCheckoutOptions(service.serviceId, terminal.spotId);
    rememberCheckoutOptions(terminal.spotId, service.serviceId, options, new Date());
  }
}
