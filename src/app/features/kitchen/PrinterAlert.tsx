/**
 * The printer alert on every staff screen of the store's PDAs: a station's printer that has failed
 * for a minute or more (domain/kitchen.ts printerNeedsAlert) is named, with how long and how many
 * tickets wait for it, until it prints again. Waiters walk past the printer; the PDA is in their hand.
 */
import { Plural, Trans } from "@lingui/react/macro";
import type { StationDto } from "../../../domain/kitchen-api";
import { printerAlerts } from "../../../domain/kitchen-display";
import { pickTranslation } from "../../../domain/languages";
import { useLanguage } from "../../i18n/language-store";
import { useServerNow } from "../staff/live/server-now";
import { useKitchenFeed } from "./kitchen-feed-store";
import "./printer-alert.css";

export function PrinterAlert({ storeId, stations }: { storeId: number; stations: readonly StationDto[] }) {
  const { ui } = useLanguage();
  const feed = useKitchenFeed();
  const now = useServerNow(15_000);
  if (feed.storeId !== storeId || feed.printers === null) return null;
  const alerts = printerAlerts(feed.printers, now);
  if (alerts.length === 0) return null;
  return (
    <section className="printer-alert" role="alert">
      <ul>
        {alerts.map(({ stationId, minutes, waiting }) => {
          const names = stations.find((station) => station.id === stationId)?.names;
          const printer = names === undefined ? String(stationId) : pickTranslation(names, ui).name;
          return (
            <li key={stationId}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M6 9V3h12v6M6 18H4v-7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v7h-2M7 14h10v7H7zM12 1v0"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinejoin="round"
                />
              </svg>
              <p>
                {waiting > 0 ? (
                  <Trans>
                    The printer «{printer}» has not printed for{" "}
                    <Plural value={minutes} one="# minute" other="# minutes" /> (
                    <Plural value={waiting} one="# ticket waiting" other="# tickets waiting" />)
                  </Trans>
                ) : (
                  <Trans>
                    The printer «{printer}» has not printed for{" "}
                    <Plural value={minutes} one="# minute" other="# minutes" />
                  </Trans>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
