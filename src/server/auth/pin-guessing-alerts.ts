/**
 * Telling a store's admins that someone is guessing PINs: when the store's wrong
 * PINs in a day reach PIN_ALERT_THRESHOLD (where the escalating delay starts), the server stores an
 * alert row (the admin screen lists them), logs a warning and e-mails every admin of the store who
 * has an e-mail in the venue file, through the messenger (the outbox by default). At most one alert
 * per store in PIN_ALERT_QUIET_MS, so a slow guesser does not flood the admins.
 */
import type { Translations } from "../../domain/languages";
import { fromJsonText } from "../db/columns";
import { listAdminEmailsOfStore } from "../db/repositories/staff.repository";
import { insertSignInAlert, latestSignInAlert } from "../db/repositories/staff-devices.repository";
import { findStoreById } from "../db/repositories/store.repository";
import type { OutgoingMessage } from "../notify/messenger";
import type { AccountsContext } from "./context";
import { PIN_ALERT_QUIET_MS, PIN_ALERT_THRESHOLD } from "./limits";

export async function alertIfPinGuessing(ctx: AccountsContext, storeId: number, failuresToday: number): Promise<void> {
  if (failuresToday < PIN_ALERT_THRESHOLD) return;
  const now = ctx.now();
  const quietSince = new Date(now.getTime() - PIN_ALERT_QUIET_MS).toISOString();
  if ((await latestSignInAlert(ctx.db, storeId, quietSince)) !== undefined) return;
  await insertSignInAlert(ctx.db, {
    store_id: storeId,
    kind: "pin-guessing",
    failures: failuresToday,
    created_at: now.toISOString(),
  });
  ctx.background.log.warn({ storeId, failuresToday }, "PIN guessing at a store: its admins are alerted");
  const emails = await listAdminEmailsOfStore(ctx.db, storeId);
  const store = await findStoreById(ctx.db, storeId);
  const names = store === undefined ? undefined : fromJsonText<Translations>(store.names);
  const storeNames = { el: names?.GRE.name ?? String(storeId), en: names?.ENG.name ?? String(storeId) };
  for (const to of emails) {
    ctx.background.run("sending a PIN-guessing alert", () =>
      ctx.messenger.send(pinGuessingAlert(to, storeId, storeNames, failuresToday)),
    );
  }
}

export function pinGuessingAlert(
  to: string,
  storeId: number,
  storeNames: { el: string; en: string },
  failures: number,
): OutgoingMessage {
  return {
    channel: "email",
    to,
    subject: "Λάθος PIN στο κατάστημα / Wrong PINs at your store",
    text: [
      `Στο κατάστημα «${storeNames.el}» δόθηκαν ${failures} λάθος PIN το τελευταίο 24ωρο. Οι νέες συσκευές περιμένουν πλέον όλο και περισσότερο ανάμεσα στις προσπάθειες.`,
      "Αν δεν είναι δικοί σας σερβιτόροι, αλλάξτε τα PIN στο αρχείο του καταστήματος.",
      "",
      `${failures} wrong PINs were tried at "${storeNames.en}" in the last 24 hours. New devices now wait longer and longer between attempts.`,
      "If these are not your waiters, change the PINs in the venue file.",
    ].join("\n"),
    storeId,
  };
}
